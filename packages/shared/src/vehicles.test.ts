/** VIN rules (ISO 3779; 49 CFR 565.15 check digit). */
import { describe, expect, it } from 'vitest';
import { vinCheckDigit, vinProblem } from './vehicles.js';

describe('vinProblem', () => {
  it('accepts VINs whose check digit matches, including X', () => {
    expect(vinProblem('1HGCM82633A004352')).toBeNull();
    expect(vinProblem('11111111111111111')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
  });

  it('names the rule a VIN breaks', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe('A VIN has 17 characters');
    expect(vinProblem('1HGCM82633A0043520')).toBe('A VIN has 17 characters');
    expect(vinProblem('1HGCM82633AO04352')).toBe('A VIN never contains the letters I, O or Q');
    expect(vinProblem('1HGCM82633A00435-')).toBe('A VIN has only letters and digits');
    expect(vinProblem('1HGCM82643A004352')).toBe('This VIN is mistyped: its check digit does not match');
  });
});
