export { readUploadPart } from './upload-part';
export {
  storeUpload,
  readUpload,
  ownsUpload,
  publishUpload,
  uploadIdOf,
  uploadUrl,
  sniffImage,
  MAX_UPLOAD_BYTES,
  type Owner,
  type Viewer,
} from './service';
