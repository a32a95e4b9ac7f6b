import { FormControlLabel, Switch, TextField } from '@mui/material';
import { ADVERTISER_PRIORITY, AdminMessages, DEFAULT_DISCLAIMER, type Advertiser } from '@fodmap/contracts';
import { useState } from 'react';
import { FormDialog } from '../components/FormDialog';
import { useAdminMutation } from '../lib/use-admin-mutation';
import { advertiserStatsQuery } from '../stats/stats-api';
import { advertiserFormValues, NEW_ADVERTISER, parseAdvertiserForm, type AdvertiserField, type AdvertiserFormValues } from './advertiser-form';
import { advertisersQuery, saveAdvertiser } from './advertisers-api';

const TEXT_FIELDS: ReadonlyArray<{ field: Exclude<AdvertiserField, 'isActive' | 'priority'>; label: string; required?: boolean; multiline?: boolean; type?: string; placeholder?: string }> = [
  { field: 'name', label: 'Name', required: true },
  { field: 'productName', label: 'Product Name', required: true },
  { field: 'description', label: 'Description', required: true, multiline: true },
  { field: 'ctaText', label: 'Call-to-Action Text', required: true, placeholder: 'Shop now' },
  { field: 'ctaLink', label: 'Call-to-Action Link', required: true, type: 'url', placeholder: 'https://' },
  { field: 'sponsorMessage', label: 'Sponsor Message', multiline: true },
  { field: 'disclaimerText', label: 'Disclaimer Text', multiline: true, placeholder: DEFAULT_DISCLAIMER },
];

/**
 * Creates an advertiser, or edits `advertiser` when one was chosen. Mounted only while open, so Cancel discards what
 * was typed. The fields are checked with the server's own schema first; the server's refusal still shows as a toast.
 */
export function AdvertiserDialog({ advertiser, onClose }: { advertiser: Advertiser | null; onClose: () => void }) {
  const [values, setValues] = useState<AdvertiserFormValues>(() => (advertiser ? advertiserFormValues(advertiser) : NEW_ADVERTISER));
  const [errors, setErrors] = useState<Partial<Record<AdvertiserField, string>>>({});
  const save = useAdminMutation({
    mutationFn: saveAdvertiser,
    success: advertiser ? AdminMessages.advertiserUpdated : AdminMessages.advertiserCreated,
    invalidates: [advertisersQuery.queryKey, advertiserStatsQuery.queryKey],
    onDone: onClose,
  });

  const change = <Field extends AdvertiserField>(field: Field, value: AdvertiserFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const parsed = parseAdvertiserForm(values);
    if ('errors' in parsed) setErrors(parsed.errors);
    else save.mutate({ id: advertiser?.id ?? null, input: parsed.input });
  };

  return (
    <FormDialog
      title={advertiser ? 'Edit Advertiser' : AdminMessages.addAdvertiser}
      submitLabel={advertiser ? 'Update Advertiser' : 'Create Advertiser'}
      pending={save.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      {TEXT_FIELDS.map(({ field, label, required, multiline, type, placeholder }) => (
        <TextField
          key={field}
          id={`advertiser-${field}`}
          label={label}
          required={required}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          type={type}
          placeholder={placeholder}
          // A placeholder (the default disclaimer) shows only above a raised label, so raise it from the start.
          slotProps={placeholder ? { inputLabel: { shrink: true } } : undefined}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
          error={Boolean(errors[field])}
          helperText={errors[field]}
        />
      ))}
      <TextField
        id="advertiser-priority"
        label="Priority"
        type="number"
        value={values.priority}
        onChange={(event) => change('priority', event.target.value)}
        slotProps={{ htmlInput: { min: ADVERTISER_PRIORITY.min, max: ADVERTISER_PRIORITY.max, step: 1, inputMode: 'numeric' } }}
        error={Boolean(errors.priority)}
        helperText={errors.priority ?? `${ADVERTISER_PRIORITY.min} to ${ADVERTISER_PRIORITY.max}; lower numbers appear more often`}
      />
      <FormControlLabel control={<Switch checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />} label="Active" />
    </FormDialog>
  );
}
