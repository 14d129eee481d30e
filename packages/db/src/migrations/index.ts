import type { Migration } from 'kysely';
import * as m0001 from './20261122_0001_core.js';
import * as m0002 from './20261122_0002_reference.js';
import * as m0003 from './20261122_0003_customers.js';
import * as m0004 from './20261122_0004_files.js';
import * as m0005 from './20261122_0005_inspection_points.js';
import * as m0006 from './20261122_0006_documents.js';
import * as m0007 from './20261122_0007_protocols.js';
import * as m0008 from './20261122_0008_inspections_audits.js';
import * as m0009 from './20261122_0009_operations.js';
import * as m0011 from './20261122_0011_customer_imports.js';
import * as m0012 from './20261122_0012_inspection_list_counts.js';
import * as m0013 from './20261122_0013_audit_suggestion_sources.js';
import * as m0014 from './20261122_0014_recorded_pick_texts.js';
import * as m0015 from './20261122_0015_protocol_versions.js';
import * as m0016 from './20261122_0016_recorded_judgement.js';
import * as m0017 from './20261122_0017_protocol_has_targets.js';
import * as m0018 from './20261122_0018_protocol_edit.js';
import * as m0019 from './20261122_0019_text_translations.js';
import * as m0020 from './20261122_0020_idempotency_keys.js';
import * as m0022 from './20261122_0022_admin_indexes.js';
import * as m0023 from './20261122_0023_subcategory_translations.js';
import * as m0024 from './20261122_0024_accent_free_search.js';
import * as m0025 from './20261122_0025_customer_language.js';
import * as m0026 from './20261122_0026_customer_time_zone.js';
import * as m0027 from './20261122_0027_shared_links.js';
import * as m0028 from './20261122_0028_customer_name_collations.js';
import * as m0029 from './20261122_0029_shared_links_expiry.js';
import * as m0032 from './20261122_0032_generated_files_and_manifests.js';
import * as m0033 from './20261122_0033_usage_dashboard.js';
import * as m0034 from './20261122_0034_generated_translation_workbooks.js';
import * as m0035 from './20261122_0035_webhooks.js';
import * as m0036 from './20261122_0036_background_service_runs.js';
import * as m0037 from './20261122_0037_certification_expiry_notices.js';
import * as m0038 from './20261122_0038_web_log_daily.js';
import * as m0039 from './20261122_0039_idempotency_responses.js';
import * as m0040 from './20261122_0040_field_versions.js';
import * as m0046 from './20261122_0046_inspection_plans.js';
import * as m0048 from './20261122_0048_plan_notices.js';
import * as m0049 from './20261122_0049_due_exports.js';
import * as m0050 from './20261122_0050_follow_up_actions.js';
import * as m0054 from './20261126_0054_stored_due_dates.js';
import * as m0055 from './20261126_0055_inspection_text_versions.js';
import * as m0056 from './20261127_0056_set_item_versions.js';
import * as m0057 from './20261127_0057_set_item_tombstones.js';
import * as m0058 from './20261127_0058_user_list_kept_values.js';

/** Every migration, in order. Names are timestamps; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_core': m0001,
  '20261122_0002_reference': m0002,
  '20261122_0003_customers': m0003,
  '20261122_0004_files': m0004,
  '20261122_0005_inspection_points': m0005,
  '20261122_0006_documents': m0006,
  '20261122_0007_protocols': m0007,
  '20261122_0008_inspections_audits': m0008,
  '20261122_0009_operations': m0009,
  '20261122_0011_customer_imports': m0011,
  '20261122_0012_inspection_list_counts': m0012,
  '20261122_0013_audit_suggestion_sources': m0013,
  '20261122_0014_recorded_pick_texts': m0014,
  '20261122_0015_protocol_versions': m0015,
  '20261122_0016_recorded_judgement': m0016,
  '20261122_0017_protocol_has_targets': m0017,
  '20261122_0018_protocol_edit': m0018,
  '20261122_0019_text_translations': m0019,
  '20261122_0020_idempotency_keys': m0020,
  '20261122_0022_admin_indexes': m0022,
  '20261122_0023_subcategory_translations': m0023,
  '20261122_0024_accent_free_search': m0024,
  '20261122_0025_customer_language': m0025,
  '20261122_0026_customer_time_zone': m0026,
  '20261122_0027_shared_links': m0027,
  '20261122_0028_customer_name_collations': m0028,
  '20261122_0029_shared_links_expiry': m0029,
  '20261122_0032_generated_files_and_manifests': m0032,
  '20261122_0033_usage_dashboard': m0033,
  '20261122_0034_generated_translation_workbooks': m0034,
  '20261122_0035_webhooks': m0035,
  '20261122_0036_background_service_runs': m0036,
  '20261122_0037_certification_expiry_notices': m0037,
  '20261122_0038_web_log_daily': m0038,
  '20261122_0039_idempotency_responses': m0039,
  '20261122_0040_field_versions': m0040,
  '20261122_0046_inspection_plans': m0046,
  '20261122_0048_plan_notices': m0048,
  '20261122_0049_due_exports': m0049,
  '20261122_0050_follow_up_actions': m0050,
  '20261126_0054_stored_due_dates': m0054,
  '20261126_0055_inspection_text_versions': m0055,
  '20261127_0056_set_item_versions': m0056,
  '20261127_0057_set_item_tombstones': m0057,
  '20261127_0058_user_list_kept_values': m0058,
};
