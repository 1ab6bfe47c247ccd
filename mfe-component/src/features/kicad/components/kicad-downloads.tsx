import { FileDownloads, useLibraryTranslation, type DetailSlotProps } from '@portal/library-ui/items';

/** The files a component offers: the KiCad symbol and footprint, the 3D model as GLB and STEP. */
export const KICAD_DOWNLOAD_KINDS = ['symbol', 'footprint', 'model-glb', 'model-step'] as const;

/** Detail slot `downloads`. */
export function KicadDownloads({ item }: DetailSlotProps) {
  const { t } = useLibraryTranslation();
  return <FileDownloads item={item} kinds={KICAD_DOWNLOAD_KINDS} label={(kind) => t(`detail.download.${kind}`)} />;
}
