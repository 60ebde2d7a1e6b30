import { returnMessages } from '@partsforge/shared/return-messages';
import {
  RETURN_CONDITIONS,
  rejectReturnSchema,
  type Return,
  type ReturnConditionValue,
} from '@partsforge/shared/returns';
import { useState, type FormEvent } from 'react';
import { Form, FormAlert, SubmitButton, TextAreaField } from '@/components/form';
import { FormDialog } from '@/components/form-dialog';
import { useApproveReturn, useReceiveReturn, useRejectReturn } from '../api/admin-returns';

const text = returnMessages;

/**
 * An admin's steps on a return (docs/requirements.md §17 "Returns"): Approve a requested one; Reject a requested or
 * approved one (the reason, told to the buyer, asked in a dialog that confirms it); Receive an approved one (units
 * and condition per line in a dialog; the return is credited).
 */
export function ReturnAdminActions({ item }: { item: Return }) {
  const approve = useApproveReturn();
  const reject = useRejectReturn();
  const [dialog, setDialog] = useState<'reject' | 'receive' | null>(null);
  const close = () => setDialog(null);
  return (
    <div className="flex flex-wrap gap-2">
      {item.status === 'requested' ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={text.approve(item.number)}
          disabled={approve.isPending}
          onClick={() => approve.mutate(item._id)}
        >
          {text.approveButton}
        </button>
      ) : null}
      {item.status === 'approved' ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={text.receive(item.number)}
          onClick={() => setDialog('receive')}
        >
          {text.receiveButton}
        </button>
      ) : null}
      {item.status === 'requested' || item.status === 'approved' ? (
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          aria-label={text.reject(item.number)}
          onClick={() => setDialog('reject')}
        >
          {text.rejectButton}
        </button>
      ) : null}
      {approve.isError ? (
        <p role="alert" className="text-error">
          {approve.error.message}
        </p>
      ) : null}
      <FormDialog open={dialog === 'reject'} title={text.reject(item.number)} onClose={close}>
        <p className="mb-4">{text.confirmReject(item.number)}</p>
        <Form
          schema={rejectReturnSchema}
          defaultValues={{ reason: '' }}
          onSubmit={async (input) => {
            await reject.mutateAsync({ id: item._id, input });
            close();
          }}
          className="flex flex-col gap-4"
        >
          <TextAreaField name="reason" label={text.rejectReasonLabel} rows={3} maxLength={500} />
          <FormAlert />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              {text.cancel}
            </button>
            <SubmitButton>{text.reject(item.number)}</SubmitButton>
          </div>
        </Form>
      </FormDialog>
      <FormDialog open={dialog === 'receive'} title={text.receive(item.number)} onClose={close}>
        {dialog === 'receive' ? <ReceiveForm item={item} onDone={close} /> : null}
      </FormDialog>
    </div>
  );
}

/** Units received and their condition per line (all asked, resellable, to start with). */
function ReceiveForm({ item, onDone }: { item: Return; onDone: () => void }) {
  const receive = useReceiveReturn();
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.lines.map((line) => [line.lineId, String(line.quantity)])),
  );
  const [conditions, setConditions] = useState<Record<string, ReturnConditionValue>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    receive.mutate(
      {
        id: item._id,
        input: {
          lines: item.lines.map((line) => ({
            lineId: line.lineId,
            quantity: Number(quantities[line.lineId] ?? 0),
            condition: conditions[line.lineId] ?? 'resellable',
          })),
        },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      {item.lines.map((line) => (
        <fieldset key={line.lineId} className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">{line.sku}</legend>
          <span className="min-w-40 flex-1">
            <span className="font-mono">{line.sku}</span> × {line.quantity} ({text.reasons[line.reason]})
          </span>
          <input
            type="number"
            min={0}
            max={line.quantity}
            className="input input-bordered w-20"
            aria-label={text.receivedQuantityLabel(line.sku)}
            value={quantities[line.lineId] ?? ''}
            onChange={(event) =>
              setQuantities((current) => ({ ...current, [line.lineId]: event.target.value }))
            }
          />
          <select
            className="select select-bordered"
            aria-label={text.conditionLabel(line.sku)}
            value={conditions[line.lineId] ?? 'resellable'}
            onChange={(event) =>
              setConditions((current) => ({
                ...current,
                [line.lineId]: event.target.value as ReturnConditionValue,
              }))
            }
          >
            {RETURN_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {text.conditions[condition]}
              </option>
            ))}
          </select>
        </fieldset>
      ))}
      {receive.isError ? (
        <p role="alert" className="text-error">
          {receive.error.message}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={receive.isPending}>
          {text.confirmReceive}
        </button>
      </div>
    </form>
  );
}
