import type { Cart, CartLine, CartLineResult } from '@partsforge/shared/cart';
import { coreTotalOf, lineTotal, toCents, toDollars } from '@partsforge/shared/money';
import { partUnitPrice } from '@partsforge/shared/pricing';
import { http, HttpResponse } from 'msw';
import { partsFixture } from '../api-fixtures';

/** A cart line of `partId` (a fixture part) at `quantity`, priced as the server prices it, with `overrides`. */
export function cartLineFixture(
  partId: string,
  quantity: number,
  overrides: Partial<CartLine> = {},
): CartLine {
  const part = partsFixture.find((candidate) => candidate._id === partId);
  if (!part) throw new Error(`No fixture part ${partId}`);
  const unitPrice = partUnitPrice(quantity, part);
  return {
    partId,
    sku: part.sku,
    name: part.name,
    img: part.img,
    quantity,
    unitPrice,
    lineTotal: lineTotal(quantity, unitPrice),
    minqty: part.minqty,
    packSize: part.packSize,
    available: part.available,
    problem: null,
    coreCharge: part.coreCharge,
    ...overrides,
  };
}

/** A cart of `lines` with their subtotal and core deposits. */
export function cartOf(lines: CartLine[]): Cart {
  return {
    lines,
    subtotal: toDollars(lines.reduce((sum, line) => sum + toCents(line.lineTotal), 0)),
    coreTotal: coreTotalOf(lines),
  };
}

/** `GET /api/cart` answered with `cart` (empty by default). */
export const cartHandler = (cart: Cart = cartOf([])) => http.get('/api/cart', () => HttpResponse.json(cart));

/** An import, reorder or merge result line that was added. */
export function addedResult(line: number, partId: string, quantity: number): CartLineResult {
  const cartLine = cartLineFixture(partId, quantity);
  return {
    line,
    sku: cartLine.sku,
    quantity,
    status: 'added',
    partId,
    name: cartLine.name,
    unitPrice: cartLine.unitPrice,
    lineTotal: cartLine.lineTotal,
  };
}

/** What every test starts with: a customer's cart is empty. */
export const cartHandlers = [cartHandler()];
