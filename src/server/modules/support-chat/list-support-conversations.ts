import type { z } from 'zod';
import type { supportConversationQuery, SupportConversationSummary } from '@/shared/contracts/support-chat';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { readSupportConversationQueue } from '../../read-models/support-conversations';
import { assertSupportStaff } from './support-conversation-work';

/**
 * Support's conversation queue: by default the open ones (waiting for a person, or with one), the
 * oldest escalation first; conversations still with the assistant never show.
 */
export async function listSupportConversations(options: {
  db: Db;
  viewer: Viewer;
  query: z.output<typeof supportConversationQuery>;
}): Promise<{ items: SupportConversationSummary[]; total: number }> {
  assertSupportStaff(options.viewer);
  return readSupportConversationQueue(options.db, options.query);
}
