/** Tables of the content domain (see db/schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { CreatedAt, Int8Id, Json, Timestamp, UpdatedAt } from '../columns';

export interface ContentCategoriesTable {
  id: number;
  key: string;
  names: Json;
  kind: Generated<string>;
  sort: Generated<number>;
  status: Generated<number>;
  created_at: CreatedAt;
}

export interface ContentItemsTable {
  id: Generated<number>;
  category_id: number;
  status: Generated<string>;
  publish_at: Timestamp | null;
  cover: Generated<string>;
  link_url: Generated<string>;
  sort: Generated<number>;
  is_popup: Generated<boolean>;
  is_demo: Generated<boolean>;
  seed_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ContentTranslationsTable {
  item_id: number;
  lang: string;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  updated_at: UpdatedAt;
}

export interface UserMessagesTable {
  id: Int8Id;
  user_id: number | null;
  title: string;
  body: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface UserMessageReadsTable {
  message_id: string;
  user_id: number;
  read_at: Timestamp;
}

export interface ContentTables {
  content_categories: ContentCategoriesTable;
  content_items: ContentItemsTable;
  content_translations: ContentTranslationsTable;
  user_messages: UserMessagesTable;
  user_message_reads: UserMessageReadsTable;
}
