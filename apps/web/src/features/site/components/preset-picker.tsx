import { useTranslation } from 'react-i18next';
import { cn } from '@tourdesk/ui';
import type { SitePreset } from '@tourdesk/contract/entities/site';

/** The presets as swatches (radio buttons): the preset's name and its main colours. */
export function PresetPicker({
  presets,
  value,
  onChange,
  label,
  disabled,
}: {
  presets: readonly SitePreset[];
  value: string;
  onChange: (presetType: string) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('site');
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {presets.map((preset) => {
        const checked = preset.preset_type === value;
        const { colors } = preset;
        return (
          <button
            key={preset.preset_type}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            onClick={() => onChange(preset.preset_type)}
            className={cn(
              'flex flex-col gap-2 rounded-xl border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-60',
              checked ? 'border-primary-500 ring-2 ring-primary-200' : 'border-neutral-200 hover:border-neutral-300',
            )}
          >
            <span
              aria-hidden="true"
              className="flex h-12 overflow-hidden rounded-lg ring-1 ring-neutral-200"
              style={{ background: colors.background }}
            >
              {[colors.primary, colors.surface, colors.text, colors.muted_text].map((color, i) => (
                <span key={i} className="flex-1" style={{ background: color }} />
              ))}
            </span>
            <span className="text-sm font-medium text-neutral-900">
              {t(`presets.${preset.preset_type}`, { defaultValue: preset.name || preset.preset_type })}
            </span>
          </button>
        );
      })}
    </div>
  );
}
