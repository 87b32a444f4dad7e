/**
 * Outbox retention (store/retention.ts): a webhook message may be deleted only once no delivery
 * refers to it. Without this index that check reads every delivery, once per message.
 */
export const sql = `
CREATE INDEX webhook_deliveries_by_message ON webhook_deliveries (message_id);
`;
