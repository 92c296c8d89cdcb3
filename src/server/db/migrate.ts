// Migrations are listed statically so the bundled server (one file, no migrations folder) can run them.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import * as m001 from './migrations/001_init.js';
import * as m003UserIndexes from './migrations/003_user_indexes.js';
import * as m004NeedChangePassword from './migrations/004_need_change_password.js';
import * as m005UniqueSiblingDeparts from './migrations/005_unique_sibling_departs.js';
import * as m006SysFileUploaderIndex from './migrations/006_sys_file_uploader_index.js';
import * as m007HideUnbuiltMenus from './migrations/007_hide_unbuilt_menus.js';
import * as m008DepartDayLog from './migrations/008_depart_day_log.js';
import * as m009WorkTagsVersions from './migrations/009_work_tags_versions.js';
import * as m011ScratchAssets from './migrations/011_scratch_assets.js';
import * as m013TeachingIndexes from './migrations/013_teaching_indexes.js';
import * as m014TeachingScreens from './migrations/014_teaching_screens.js';
import * as m015PublicLeaderboardIndexes from './migrations/015_public_leaderboard_indexes.js';
import * as m016ScratchBackpack from './migrations/016_scratch_backpack.js';
import * as m017ScratchCloudData from './migrations/017_scratch_cloud_data.js';
import * as m018ScratchEditorMenu from './migrations/018_scratch_editor_menu.js';
import * as m019News from './migrations/019_news.js';
import * as m020FrontMenuAdmin from './migrations/020_front_menu_admin.js';
import * as m021FrontMenuDiscover from './migrations/021_front_menu_discover.js';
import * as m022FrontMenuIndexCourses from './migrations/022_front_menu_index_courses.js';
import * as m023Accounts from './migrations/023_accounts.js';
import * as m024WorkInteractions from './migrations/024_work_interactions.js';
import * as m025SystemRules from './migrations/025_system_rules.js';
import * as m026FilesDataLog from './migrations/026_files_data_log.js';
import * as m027ScheduledJobs from './migrations/027_scheduled_jobs.js';
import * as m028SystemMonitorMenu from './migrations/028_system_monitor_menu.js';
import * as m029CodeRules from './migrations/029_code_rules.js';
import * as m030Positions from './migrations/030_positions.js';
import * as m031MessageCentre from './migrations/031_message_centre.js';
import * as m032DashboardMenu from './migrations/032_dashboard_menu.js';
import * as m033DevGalleryMenu from './migrations/033_dev_gallery_menu.js';
import * as m034CommentsOn from './migrations/034_comments_on.js';
import * as m035TeacherCourses from './migrations/035_teacher_courses.js';
import * as m036WelcomeHomeHtml from './migrations/036_welcome_home_html.js';
import * as m037OnlineReports from './migrations/037_online_reports.js';
import * as m038OnlineForms from './migrations/038_online_forms.js';
import * as m039OnlineReportScreens from './migrations/039_online_report_screens.js';
import * as m040SampleForm from './migrations/040_sample_form.js';
import * as m041OnlineFormScreens from './migrations/041_online_form_screens.js';
import * as m042LegacyPassword from './migrations/042_legacy_password.js';
import * as m043SmsCodes from './migrations/043_sms_codes.js';
import * as m044SampleFormScreen from './migrations/044_sample_form_screen.js';
import * as m050CodeEditorMenus from './migrations/050_code_editor_menus.js';

const migrations: Record<string, Migration> = {
  '001_init': m001,
  '003_user_indexes': m003UserIndexes,
  '004_need_change_password': m004NeedChangePassword,
  '005_unique_sibling_departs': m005UniqueSiblingDeparts,
  '006_sys_file_uploader_index': m006SysFileUploaderIndex,
  '007_hide_unbuilt_menus': m007HideUnbuiltMenus,
  '008_depart_day_log': m008DepartDayLog,
  '009_work_tags_versions': m009WorkTagsVersions,
  '011_scratch_assets': m011ScratchAssets,
  '013_teaching_indexes': m013TeachingIndexes,
  '014_teaching_screens': m014TeachingScreens,
  '015_public_leaderboard_indexes': m015PublicLeaderboardIndexes,
  '016_scratch_backpack': m016ScratchBackpack,
  '017_scratch_cloud_data': m017ScratchCloudData,
  '018_scratch_editor_menu': m018ScratchEditorMenu,
  '019_news': m019News,
  '020_front_menu_admin': m020FrontMenuAdmin,
  '021_front_menu_discover': m021FrontMenuDiscover,
  '022_front_menu_index_courses': m022FrontMenuIndexCourses,
  '023_accounts': m023Accounts,
  '024_work_interactions': m024WorkInteractions,
  '025_system_rules': m025SystemRules,
  '026_files_data_log': m026FilesDataLog,
  '027_scheduled_jobs': m027ScheduledJobs,
  '028_system_monitor_menu': m028SystemMonitorMenu,
  '029_code_rules': m029CodeRules,
  '030_positions': m030Positions,
  '031_message_centre': m031MessageCentre,
  '032_dashboard_menu': m032DashboardMenu,
  '033_dev_gallery_menu': m033DevGalleryMenu,
  '034_comments_on': m034CommentsOn,
  '035_teacher_courses': m035TeacherCourses,
  '036_welcome_home_html': m036WelcomeHomeHtml,
  '037_online_reports': m037OnlineReports,
  '038_online_forms': m038OnlineForms,
  '039_online_report_screens': m039OnlineReportScreens,
  '040_sample_form': m040SampleForm,
  '041_online_form_screens': m041OnlineFormScreens,
  '042_legacy_password': m042LegacyPassword,
  '043_sms_codes': m043SmsCodes,
  '044_sample_form_screen': m044SampleFormScreen,
  '050_code_editor_menus': m050CodeEditorMenus,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * `schema` is the PostgreSQL schema the tables live in: without it Kysely finds a migration table of any
 * schema in the database (another app, another test run) and takes it for ours.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
