import { appSigningKey } from '@/lib/evidence/app-signing-key'
import { publicKeyPem } from '@/lib/evidence/signature'

export const dynamic = 'force-dynamic'

// GET /.well-known/verity-evidence-key – the public key that verifies this deployment's evidence packs (PEM), public like any public key
export async function GET() {
  return new Response(publicKeyPem(await appSigningKey()), {
    headers: { 'Content-Type': 'application/x-pem-file', 'Cache-Control': 'no-store' },
  })
}
