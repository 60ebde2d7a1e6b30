import { rejectOrderSchema } from '@partsforge/shared/companies';
import type { Order } from '@partsforge/shared/orders';
import { useState } from 'react';
import { Form, FormAlert, SubmitButton, TextAreaField } from '@/components/form';
import { FormDialog } from '@/components/form-dialog';
import { useApproveOrder, useRejectOrder } from '../api/approvals';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const text = companyPageMessages;

/**
 * Approve and Reject of an order awaiting approval (owners and managers of its company; docs/requirements.md §14
 * "Company accounts"). Reject asks for the reason, told to the buyer, in a dialog first.
 */
export function ApprovalActions({ order, size = 'sm' }: { order: Order; size?: 'sm' | 'md' }) {
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const [rejecting, setRejecting] = useState(false);
  const button = size === 'sm' ? 'btn-sm' : '';
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={`btn btn-primary ${button}`}
        aria-label={text.approveOrder(order.number)}
        disabled={approve.isPending}
        onClick={() => approve.mutate(order)}
      >
        {text.approve}
      </button>
      <button
        type="button"
        className={`btn btn-error btn-outline ${button}`}
        aria-label={text.rejectOrder(order.number)}
        onClick={() => setRejecting(true)}
      >
        {text.reject}
      </button>
      <FormDialog open={rejecting} title={text.rejectTitle(order.number)} onClose={() => setRejecting(false)}>
        <p className="mb-4">{text.rejectText}</p>
        <Form
          schema={rejectOrderSchema}
          defaultValues={{ reason: '' }}
          onSubmit={async (input) => {
            await reject.mutateAsync({ order, input });
            setRejecting(false);
          }}
          className="flex flex-col gap-4"
        >
          <TextAreaField name="reason" label={text.reasonLabel} rows={3} maxLength={500} />
          <FormAlert />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setRejecting(false)}>
              {text.keepWaiting}
            </button>
            <SubmitButton>{text.rejectConfirm}</SubmitButton>
          </div>
        </Form>
      </FormDialog>
    </div>
  );
}
