import { uploadRoute } from '@/lib/api/route'
import { checkUploadedPack, PACK_UPLOAD_MAX } from '@/lib/evidence/check-upload'

// POST /api/evidence/verify – whether the file in the body is an evidence pack recorded here, byte for byte
export const POST = uploadRoute(PACK_UPLOAD_MAX, checkUploadedPack)
