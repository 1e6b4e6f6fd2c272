import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, EmptyState, Input } from '@tourdesk/ui';
import { Globe } from 'lucide-react';
import { DEFAULT_SITE_PRESET, SITE_PRESET_TYPES, type SitePresetType } from '@tourdesk/contract/api/site-routes';
import { useApiErrorToast } from '../../../lib/form-errors';
import { fieldMessage } from '../../../lib/form-errors';
import { useAttachSite, usePresetList } from '../api/site';
import { DomainCheckText, domainAccepted } from './domain-check-text';
import { PresetPicker } from './preset-picker';
import { useDomainCheck } from './use-domain-check';

/**
 * No site yet: what a site gives, then "Create my site": the subdomain (checked live with
 * check-domain) and a preset; attach-site makes the site with its pages already filled.
 */
export function SiteCreate({ organizerId, sitesDomain }: { organizerId: number; sitesDomain?: string }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Card className="mx-auto max-w-2xl">
        <EmptyState
          icon={<Globe size={40} aria-hidden="true" className="text-primary-500" />}
          title={t('create.emptyTitle')}
          text={t('create.emptyText')}
          action={<Button onClick={() => setOpen(true)}>{t('create.start')}</Button>}
        />
      </Card>
    );
  return <SiteCreateForm organizerId={organizerId} sitesDomain={sitesDomain} />;
}

function SiteCreateForm({ organizerId, sitesDomain }: { organizerId: number; sitesDomain?: string }) {
  const { t } = useTranslation('site');
  const { t: tAll } = useTranslation();
  const toastError = useApiErrorToast();
  const id = useId();
  const [subdomain, setSubdomain] = useState('');
  const [preset, setPreset] = useState<SitePresetType>(DEFAULT_SITE_PRESET);
  const presets = usePresetList(organizerId);
  const check = useDomainCheck(organizerId, subdomain, false);
  const attach = useAttachSite(organizerId);
  const serverError = fieldMessage(attach.error, 'subdomain', tAll);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!domainAccepted(check)) return;
    attach.mutate(
      { subdomain: subdomain.trim().toLowerCase(), preset_type: preset },
      { onError: (error) => !fieldMessage(error, 'subdomain', tAll) && toastError(error) },
    );
  };

  return (
    <Card className="mx-auto max-w-2xl">
      <form onSubmit={submit} noValidate className="flex flex-col gap-6 p-1" aria-labelledby={`${id}-title`}>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-neutral-900">
            {t('create.title')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{t('create.text')}</p>
        </div>
        <div>
          <label htmlFor={`${id}-subdomain`} className="mb-1 block text-sm font-medium text-neutral-800">
            {t('create.subdomain')}
          </label>
          <div className="flex items-center gap-2">
            <Input
              id={`${id}-subdomain`}
              value={subdomain}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              invalid={check.status === 'invalid' || Boolean(serverError)}
              aria-describedby={`${id}-check`}
              onChange={(e) => setSubdomain(e.target.value.toLowerCase())}
              className="flex-1"
            />
            {sitesDomain && <span className="text-sm whitespace-nowrap text-neutral-500">.{sitesDomain}</span>}
          </div>
          <DomainCheckText id={`${id}-check`} state={check} isCustom={false} />
          {serverError && (
            <p role="alert" className="text-sm text-danger-600">
              {serverError}
            </p>
          )}
        </div>
        <div>
          <p id={`${id}-preset`} className="mb-2 text-sm font-medium text-neutral-800">
            {t('create.preset')}
          </p>
          {presets.data ? (
            <PresetPicker
              presets={presets.data}
              value={preset}
              label={t('create.preset')}
              onChange={(type) => setPreset(type as SitePresetType)}
            />
          ) : (
            <div role="radiogroup" aria-labelledby={`${id}-preset`} className="flex flex-wrap gap-2">
              {SITE_PRESET_TYPES.map((type) => (
                <Button
                  key={type}
                  role="radio"
                  aria-checked={preset === type}
                  variant={preset === type ? 'secondary' : 'ghost'}
                  size="sm"
                  onClick={() => setPreset(type)}
                >
                  {t(`presets.${type}`)}
                </Button>
              ))}
            </div>
          )}
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={attach.isPending} disabled={!domainAccepted(check)}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
