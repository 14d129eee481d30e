import { ZTranslationsExcelLinkQuery } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { translationsExcelLink } from './translations-export.service.js';

/** The /Translations screen. The import is a file upload, so it goes over REST (POST api/v1/translations/import). */
export const translationsRouter = router({
  /** A mutation: it builds and stores a file, and the screen asks only on a click. */
  excelLink: authedProcedure.input(ZTranslationsExcelLinkQuery).mutation(({ ctx, input }) => translationsExcelLink(ctx, input)),
});
