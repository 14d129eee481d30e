import Typography from '@mui/material/Typography';
import type { TypeEditorModule, TypeEditorRegistry } from '../typeEditor';
import { measurementEditor } from './Measurement';
import { measurementsWithPictureEditor } from './MeasurementsWithPicture';
import { summaryEditor, summaryWithRowsEditor } from './SummaryWithRows';

/** Comment: the common form only (001 §2). */
export const commentEditor: TypeEditorModule = {
  Editor: () => <Typography variant="body2" color="text.secondary">A simple comment has no content of its own: the inspector writes a comment.</Typography>,
};

/** The editors of this folder; the option editors (type-editors-options) are merged in by typeEditors.ts. */
export const ownTypeEditors: TypeEditorRegistry = {
  Comment: commentEditor,
  Measurement: measurementEditor,
  Summary: summaryEditor,
  SummaryWithRows: summaryWithRowsEditor,
  MeasurementsWithPicture: measurementsWithPictureEditor,
};
