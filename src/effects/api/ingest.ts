import type { IngestStatusAnswer, IngestStatusQuery } from '../../contract/ingest.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/live/ingest_status` (owner only): what the media host receives for the room. */
export const getIngestStatus = (api: ApiClient, roomId: number): Promise<IngestStatusAnswer> =>
  api.get<IngestStatusAnswer>('/api/live/ingest_status', {
    room_id: roomId,
  } satisfies IngestStatusQuery)
