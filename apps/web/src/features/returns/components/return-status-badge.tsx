import { returnMessages } from '@partsforge/shared/return-messages';
import type { ReturnStatusValue } from '@partsforge/shared/returns';

const badge: Record<ReturnStatusValue, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-error',
  received: 'badge-accent',
  credited: 'badge-success',
};

/** A return's status as a badge: Requested, Approved, Rejected, Received or Credited. */
export function ReturnStatusBadge({ status }: { status: ReturnStatusValue }) {
  return <span className={`badge ${badge[status]}`}>{returnMessages.statuses[status]}</span>;
}
