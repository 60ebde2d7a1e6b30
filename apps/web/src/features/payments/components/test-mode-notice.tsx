import { messages } from '@partsforge/shared/messages';

/** The sandbox's visible "Test mode" notice with Stripe's test cards (docs/design.md "Payments"). */
export function TestModeNotice() {
  return (
    <div role="note" className="alert alert-info alert-soft flex flex-col items-start">
      <p className="font-semibold">{messages.payment.testModeTitle}</p>
      <p className="text-sm">{messages.payment.testModeText}</p>
    </div>
  );
}
