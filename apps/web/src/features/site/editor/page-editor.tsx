import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Puck, type Data, type Dictionary, type Viewports } from '@puckeditor/core';
// without Puck's external font (the CSP allows this origin's styles only)
import '@puckeditor/core/no-external.css';
import { useTranslation } from 'react-i18next';
import { Button, Modal, toast } from '@tourdesk/ui';
import type { SitePage } from '@tourdesk/contract/api/site';
import type { CodedMessage } from '@tourdesk/contract';
import type { TypedSiteBlock } from '@tourdesk/contract/entities/site-blocks';
import { SITE_PAGE_BLOCKS } from '@tourdesk/contract/entities/site-values';
import { SITE_BLOCK_TYPE, type PageType } from '@tourdesk/contract/enum-values';
import { translateMessage, useApiErrorToast } from '../../../lib/form-errors';
import { BlockView } from '../../../site-render/block-view';
import { presetStyle } from '../../../site-render/preset-style';
import type { SiteRenderContext } from '../../../site-render/types';
import siteCss from '../../../site-render/site.css?inline';
import { usePublishPage, useSavePageBlocks } from '../api/site';
import { BlockActionBar, BlockActions } from './block-actions';
import { blockErrorsOf, fromPuckData, sameBlocks, toPuckData, type BlockFieldErrors } from './blocks';
import { SiteEditorContext, useSiteEditorContext } from './editor-context';
import { buildPuckConfig, type RenderBlock } from './puck-config';

/** The preview's widths: desktop and phone. */
const useViewports = (): Viewports => {
  const { t } = useTranslation('site');
  return useMemo(
    () => [
      { width: 1280, height: 'auto', label: t('editor.desktop'), icon: 'Monitor' },
      { width: 390, height: 'auto', label: t('editor.phone'), icon: 'Smartphone' },
    ],
    [t],
  );
};

/** The public site's stylesheet and the preset's variables inside the preview's frame only. */
function PreviewFrameStyles({ ctx, children }: { ctx: SiteRenderContext | null; children: ReactNode }) {
  const css = ctx ? presetStyle(ctx.org) : '';
  return (
    <>
      <style>{siteCss}</style>
      <style>{css}</style>
      {children}
    </>
  );
}

/**
 * What the editor's parts around Puck show, changing as the page is edited. Puck's overrides are
 * components: made once (OVERRIDES), they read this context, so a keystroke re-renders them
 * instead of mounting new ones (a new function each render would remount the fields panel, and
 * the "Add block" select with it, on every change).
 */
interface PageEditorUiValue {
  type: PageType;
  toolbar: ReactNode;
  ctx: SiteRenderContext | null;
  dirty: boolean;
  unpublished: boolean;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onPublish: () => void;
  pageErrors: CodedMessage[];
  blockErrorCount: number;
}
const PageEditorUi = createContext<PageEditorUiValue | null>(null);
const usePageEditorUi = (): PageEditorUiValue => {
  const value = useContext(PageEditorUi);
  if (!value) throw new Error('usePageEditorUi outside the page editor');
  return value;
};

function HeaderActions() {
  const { t } = useTranslation('site');
  const ui = usePageEditorUi();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {ui.unpublished && (
        <span
          role="status"
          className="rounded-full bg-warning-50 px-2.5 py-0.5 text-xs font-medium text-warning-700 ring-1 ring-warning-200"
        >
          {ui.dirty ? t('editor.unsaved') : t('editor.unpublished')}
        </span>
      )}
      <Button size="sm" variant="secondary" onClick={ui.onSave} loading={ui.saving} disabled={!ui.dirty}>
        {t('editor.save')}
      </Button>
      <Button size="sm" onClick={ui.onPublish} loading={ui.publishing} disabled={!ui.unpublished}>
        {t('editor.publish')}
      </Button>
    </div>
  );
}

function EditorHeader({ actions }: { actions: ReactNode }) {
  const { toolbar } = usePageEditorUi();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-200 bg-white px-4 py-2">
      <div className="flex min-w-0 flex-wrap items-center gap-3">{toolbar}</div>
      {actions}
    </header>
  );
}

function FieldsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('site');
  const { t: tAll } = useTranslation();
  const ui = usePageEditorUi();
  return (
    <>
      <BlockActions types={SITE_PAGE_BLOCKS[ui.type]} />
      {(ui.pageErrors.length > 0 || ui.blockErrorCount > 0) && (
        <div role="alert" className="m-3 rounded-lg bg-danger-50 p-3 text-sm text-danger-700">
          {ui.pageErrors.map((m, i) => (
            <p key={i}>{translateMessage(m, tAll)}</p>
          ))}
          {ui.blockErrorCount > 0 && <p>{t('editor.blockErrors', { count: ui.blockErrorCount })}</p>}
        </div>
      )}
      {children}
    </>
  );
}

function PreviewIframe({ children }: { children: ReactNode }) {
  const { ctx } = usePageEditorUi();
  return <PreviewFrameStyles ctx={ctx}>{children}</PreviewFrameStyles>;
}

const OVERRIDES = {
  headerActions: HeaderActions,
  header: EditorHeader,
  fields: FieldsPanel,
  actionBar: BlockActionBar,
  iframe: PreviewIframe,
};

/**
 * One page in Puck: its blocks (the types the page takes), the fields from the contract, the
 * preview drawn by the public site's BlockView. Save sends save-page-blocks (a 422's errors show on
 * the block and its field); Publish, after a confirmation, publish-data.
 */
export function PageEditor({
  organizerId,
  page,
  ctx,
  tours,
  onDirtyChange,
  toolbar,
}: {
  organizerId: number;
  page: SitePage;
  ctx: SiteRenderContext | null;
  tours: readonly { id: number; name: string }[];
  onDirtyChange: (dirty: boolean) => void;
  /** the page switcher and the site's links, shown in the editor's header */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('site');
  const toastError = useApiErrorToast();
  const type: PageType = page.type;
  const viewports = useViewports();
  // Puck's own words (its panels, outline, zoom) in the interface language
  const dictionary = useMemo(() => t('puck', { returnObjects: true }) as Dictionary, [t]);
  const save = useSavePageBlocks(organizerId);
  const publish = usePublishPage(organizerId);
  const initial = useMemo(() => toPuckData(page.blocks), [page.blocks]);
  const [saved, setSaved] = useState(() => fromPuckData(initial));
  const [current, setCurrent] = useState(saved);
  const [errors, setErrors] = useState<Record<string, BlockFieldErrors>>({});
  const [confirming, setConfirming] = useState(false);
  const dirty = !sameBlocks(saved, current);

  // the blocks as they are now, for a save that resolves after more edits
  const latest = useRef(current);
  const setDirtyFrom = (blocks: ReturnType<typeof fromPuckData>) => {
    latest.current = blocks;
    setCurrent(blocks);
    onDirtyChange(!sameBlocks(saved, blocks));
  };

  const renderBlock: RenderBlock = useMemo(
    () =>
      function PreviewBlock({ id, type: blockType, data, settings, hidden }) {
        return <PreviewOf id={id} type={blockType} data={data} settings={settings} hidden={hidden} ctx={ctx} />;
      },
    [ctx],
  );
  const config = useMemo(() => buildPuckConfig(type, t, renderBlock), [type, t, renderBlock]);

  const onSave = async (): Promise<boolean> => {
    const blocks = current;
    try {
      await save.mutateAsync({ type, blocks });
      // what was sent is what is saved: the server's copy differs only in form (its image URLs,
      // sanitised HTML, defaults filled), which would otherwise read as an unsaved change forever
      setSaved(blocks);
      setErrors({});
      onDirtyChange(!sameBlocks(blocks, latest.current));
      toast.success(t('editor.saved'));
      return true;
    } catch (error) {
      const byBlock = blockErrorsOf(error, blocks);
      setErrors(byBlock);
      if (Object.keys(byBlock).length > 0) toast.error(t('editor.invalid'));
      else toastError(error);
      return false;
    }
  };

  const onPublish = async () => {
    setConfirming(false);
    if (dirty && !(await onSave())) return;
    publish.mutate(type, {
      onSuccess: () => toast.success(t('editor.published')),
      onError: toastError,
    });
  };

  const pageErrors = errors[''] ? Object.values(errors['']).flat() : [];
  const blockErrorCount = Object.keys(errors).filter((id) => id !== '').length;
  const unpublished = page.has_unpublished_changes || dirty;

  return (
    <SiteEditorContext.Provider value={{ organizerId, tours, errors }}>
      <PageEditorUi.Provider
        value={{
          type,
          toolbar,
          ctx,
          dirty,
          unpublished,
          saving: save.isPending,
          publishing: publish.isPending,
          onSave: () => void onSave(),
          onPublish: () => setConfirming(true),
          pageErrors,
          blockErrorCount,
        }}
      >
        <div className="site-editor flex min-h-0 flex-1 flex-col">
          <Puck
            key={type}
            config={config}
            data={initial}
            onChange={(data: Data) => setDirtyFrom(fromPuckData(data))}
            viewports={viewports}
            iframe={{ enabled: true }}
            height="calc(100dvh - 4rem)"
            overrides={OVERRIDES}
            dictionary={dictionary}
          />
        </div>
      </PageEditorUi.Provider>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        width="dialog"
        title={t('publish.title')}
        description={t(`publish.text.${type}`)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('publish.cancel')}
            </Button>
            <Button onClick={() => void onPublish()}>{t('publish.confirm')}</Button>
          </>
        }
      />
    </SiteEditorContext.Provider>
  );
}

/** A block in the preview: the public renderer's section, outlined with its errors after a failed save. */
function PreviewOf({
  id,
  type,
  data,
  settings,
  hidden,
  ctx,
}: Parameters<RenderBlock>[0] & { ctx: SiteRenderContext | null }) {
  const { t } = useTranslation('site');
  if (!ctx) return <div className="p-6 text-sm text-neutral-500">{t('editor.loadingPreview')}</div>;
  const block = { id, type: SITE_BLOCK_TYPE[type], is_hidden: false, settings, data } as unknown as TypedSiteBlock;
  return (
    <div className={hidden ? 'opacity-40' : undefined} data-site-block-id={id}>
      {hidden && <p className="bg-neutral-800 px-3 py-1 text-xs text-white">{t('preview.hidden')}</p>}
      <PreviewErrors id={id} />
      <BlockView block={block} ctx={ctx} />
    </div>
  );
}

/** The last save's errors of a block, over it in the preview. */
function PreviewErrors({ id }: { id: string }) {
  const { t } = useTranslation();
  const { errors } = useSiteEditorContext();
  const messages = Object.values(errors[id] ?? {}).flat();
  if (messages.length === 0) return null;
  return (
    <div role="alert" style={{ background: '#fef2f2', color: '#b91c1c', padding: '8px 12px', fontSize: 14 }}>
      {messages.map((m, i) => (
        <p key={i}>{translateMessage(m, t)}</p>
      ))}
    </div>
  );
}
