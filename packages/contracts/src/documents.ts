import { z } from 'zod';
import { ZId, ZListQuery, ZText } from './common.js';
import { DocumentPackageTypes, type DocumentPackageType } from './domain-enums.js';

// Document library (spec 002 §2 /Documents, §3 Document, §7 Document library calls; issue 21).

/**
 * The file types the library takes (docs/decisions.md, "Document library"): the extension names the type and the
 * bytes must agree. Office formats from before 2007 (doc, xls, ppt) share one container (OLE2) and are told apart
 * by their extension only.
 */
export const DOCUMENT_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES;

export const fileExtension = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
export const isDocumentFileType = (ext: string): ext is DocumentFileType => Object.hasOwn(DOCUMENT_FILE_TYPES, ext);

/** 002 §3: Auto or Automatic synching, Proposed or Proposed for synching, Manual or Manual synching; a write takes any. */
const PACKAGE_TYPE_INPUTS = ['Auto', 'Automatic', 'Automatic synching', 'Proposed', 'Proposed for synching', 'Manual', 'Manual synching'] as const;
export const ZDocumentPackageTypeInput = z.enum(PACKAGE_TYPE_INPUTS);
export const packageTypeOf = (input: (typeof PACKAGE_TYPE_INPUTS)[number]): DocumentPackageType =>
  input.startsWith('Auto') ? 'Auto' : input.startsWith('Proposed') ? 'Proposed' : 'Manual';

const ZIds = (max: number) => z.array(ZId).max(max);

export const ZDocumentVersion = z.object({
  version: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  contentType: z.string(),
  sha256: z.string().nullable(),
  timestamp: z.string(),
  /** GET api/v1/documentlibrary/{id}/?version=N */
  downloadLink: z.string(),
});

/** 002 §3 Document. `timestamp` is when the current version was uploaded. */
export const ZDocument = z.object({
  id: ZId,
  name: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  contentType: z.string(),
  version: z.number().int(),
  timestamp: z.string(),
  state: z.enum(['Active', 'Deleted']),
  documentCategoryId: ZId.nullable(),
  summary: z.string().nullable(),
  sourceSystem: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  sha256: z.string().nullable(),
  versions: z.array(ZDocumentVersion),
  inspectionPointIds: z.array(ZId),
  productFamilyIds: z.array(ZId),
  productModelIds: z.array(ZId),
  downloadLink: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** The details panel: the document with the names of what it is linked to. */
export const ZDocumentDetails = ZDocument.extend({
  inspectionPoints: z.array(z.object({ id: ZId, name: z.string() })),
  productFamilies: z.array(z.object({ id: ZId, name: z.string() })),
  productModels: z.array(z.object({ id: ZId, name: z.string(), productFamilyId: ZId })),
  categoryName: z.string().nullable(),
});
export type TDocumentDetails = z.infer<typeof ZDocumentDetails>;

/** A row of a category's list. `linked`: linked to a product family or model (no link: the picker's warning icon). */
export const ZDocumentListItem = z.object({
  id: ZId,
  name: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  version: z.number().int(),
  timestamp: z.string(),
  documentCategoryId: ZId.nullable(),
  linked: z.boolean(),
});
export type TDocumentListItem = z.infer<typeof ZDocumentListItem>;

/** A category's documents, paged, sorted and searched (orderKey name, fileType, fileSize, version, timestamp). */
export const ZDocumentListQuery = ZListQuery.extend({
  /** A category id, 'uncategorized', or left out for the whole library. */
  category: z.union([ZId, z.literal('uncategorized')]).optional(),
  /** With a category: also the documents of its subcategories, at any depth. */
  includeSubcategories: z.boolean().default(false),
});
export type TDocumentListQuery = z.input<typeof ZDocumentListQuery>;

/** 002 §3 Document category, as GET api/v1/documentlibrary/categories answers it (documents of each category). */
export type TDocumentCategory = {
  id: string;
  name: string;
  nameTranslationKey: string | null;
  parentCategoryId: string | null;
  subCategories: TDocumentCategory[];
  documents: TDocumentListItem[];
};
// Recursive schemas carry an id: the OpenAPI document refers to them as components.
export const ZDocumentCategory = z
  .object({
    id: ZId,
    name: z.string(),
    nameTranslationKey: z.string().nullable(),
    parentCategoryId: ZId.nullable(),
    get subCategories(): z.ZodArray<z.ZodType<TDocumentCategory>> {
      return z.array(ZDocumentCategory);
    },
    documents: z.array(ZDocumentListItem),
  })
  .meta({ id: 'DocumentCategory' });

/** The screen's tree: counts instead of documents. `documentCount` is the category's own, `totalCount` with its subcategories. */
export type TDocumentLibraryNode = {
  id: string;
  name: string;
  nameTranslationKey: string | null;
  parentCategoryId: string | null;
  documentCount: number;
  totalCount: number;
  subCategories: TDocumentLibraryNode[];
};
export const ZDocumentLibraryNode = z
  .object({
    id: ZId,
    name: z.string(),
    nameTranslationKey: z.string().nullable(),
    parentCategoryId: ZId.nullable(),
    documentCount: z.number().int(),
    totalCount: z.number().int(),
    get subCategories(): z.ZodArray<z.ZodType<TDocumentLibraryNode>> {
      return z.array(ZDocumentLibraryNode);
    },
  })
  .meta({ id: 'DocumentCategoryNode' });
export const ZDocumentCategoryTree = z.object({ categories: z.array(ZDocumentLibraryNode), uncategorizedCount: z.number().int(), totalCount: z.number().int() });
export type TDocumentCategoryTree = z.infer<typeof ZDocumentCategoryTree>;

/** POST api/v1/documentlibrary/categories. */
export const ZDocumentCategoryInput = z.object({
  name: ZText.trim().min(1, 'is required').max(200),
  parentCategoryId: ZId.nullable().optional(),
});
export type TDocumentCategoryInput = z.infer<typeof ZDocumentCategoryInput>;

const links = {
  categoryId: ZId.nullable().optional(),
  inspectionPointIds: ZIds(1000).default([]),
  productFamilyIds: ZIds(1000).default([]),
  productModelIds: ZIds(5000).default([]),
};

/** The text fields of the upload form (POST api/v1/documentlibrary/document, multipart); `file` is the file part. */
export const ZDocumentUploadFields = z.object({
  summary: ZText.trim().max(2000).optional(),
  sourceSystem: ZText.trim().max(50).optional(),
  ...links,
});
export type TDocumentUploadFields = z.infer<typeof ZDocumentUploadFields>;

/** POST api/v1/documentlibrary/document/version (multipart): file, sourceSystem, parentDocumentId. */
export const ZDocumentVersionFields = z.object({
  sourceSystem: ZText.trim().max(50).optional(),
  parentDocumentId: ZId,
});
export type TDocumentVersionFields = z.infer<typeof ZDocumentVersionFields>;

/** POST api/v1/documentlibrary/document/metadata: replaces the category and the three link sets. */
export const ZDocumentMetadataInput = z.object({ documentId: ZId, ...links });
export type TDocumentMetadataInput = z.input<typeof ZDocumentMetadataInput>;

export const ZDocumentStorageUrl = z.object({ url: z.string(), expires: z.string() });

export const ZDocumentPackage = z.object({
  documentPackageId: ZId,
  name: z.string(),
  type: z.enum(DocumentPackageTypes),
  /** 'Automatic synching', 'Proposed for synching' or 'Manual synching'. */
  typeName: z.string(),
  documents: z.array(z.object({ id: ZId, name: z.string(), fileType: z.string(), fileSize: z.number() })),
  DocumentIds: z.array(ZId),
});
export type TDocumentPackage = z.infer<typeof ZDocumentPackage>;

/** A line of the screen's packages list, paged in SQL: 'N files, type' without the documents themselves. */
export const ZDocumentPackageSummary = ZDocumentPackage.pick({ documentPackageId: true, name: true, type: true, typeName: true }).extend({
  /** Live documents in the package. */
  documentCount: z.number().int(),
});
export type TDocumentPackageSummary = z.infer<typeof ZDocumentPackageSummary>;

/** POST and PUT api/v1/documentlibrary/documentpackage. On PUT a documentPackageId in the body must be the path's. */
export const ZDocumentPackageInput = z.object({
  documentPackageId: ZId.optional(),
  name: ZText.trim().min(1, 'is required').max(200),
  type: ZDocumentPackageTypeInput,
  DocumentIds: ZIds(1000).default([]),
});
export type TDocumentPackageInput = z.input<typeof ZDocumentPackageInput>;

/** 001 §3 File upload data / §7 POST api/v1/file/upload: pre-signed uploads by file name. */
export const ZFileUploadRequest = z.object({
  files: z.array(ZText.trim().min(1).max(255)).min(1).max(20),
});
export const ZFileUpload = z.object({
  fileName: z.string(),
  uploadId: z.string(),
  uploadUrl: z.string(),
  readUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expires: z.string(),
});
export const ZFileUploadResponse = z.object({ files: z.array(ZFileUpload) });
export type TFileUploadResponse = z.infer<typeof ZFileUploadResponse>;
