/** The attachments feature's public face: what other features and the tools may use (the rest is its own). */
export {
  ATTACHMENT_FOLDER,
  ATTACHMENT_NAME,
  ATTACHMENT_URL_PREFIX,
  cleanFilename,
  deleteUserAttachments,
  readOwnedAttachment,
  saveAttachment,
} from './attachments.service.ts';
