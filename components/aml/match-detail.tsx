import { AssociatesList } from '@/components/aml/associates-list'
import { CompanyTable } from '@/components/aml/company-table'
import { ContactFacts } from '@/components/aml/contact-facts'
import { DetailSection } from '@/components/aml/detail-section'
import { FatfList } from '@/components/aml/fatf-list'
import { ImagesList } from '@/components/aml/images-list'
import { MatchMetadata } from '@/components/aml/match-metadata'
import { MediaList } from '@/components/aml/media-list'
import { NamesTable } from '@/components/aml/names-table'
import { PersonalFacts } from '@/components/aml/personal-facts'
import { RolesList } from '@/components/aml/roles-list'
import { SourcesList } from '@/components/aml/sources-list'
import { JsonViewer } from '@/components/ui/json-viewer'
import { unknownMembers } from '@/lib/aml/match'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch, AmlMatchFields } from '@/lib/upstream/schemas'

/** Everything the match holds, one group per kind of data, each only when present. */
export function MatchDetail({
  match,
  reportMatchIds,
  onRevealMatch,
}: {
  match: Projected<AmlMatch>
  reportMatchIds: ReadonlySet<string>
  onRevealMatch: (uuid: string) => void
}) {
  const f: AmlMatchFields = match.fields ?? {}
  const names = f.names ?? []
  const roles = f.political_roles ?? []
  const occupations = f.occupations ?? []
  const sources = f.sources ?? []
  const media = f.media ?? []
  const images = f.images ?? []
  const companies = f.companies_and_enterprises ?? []
  const owners = f.owners_and_beneficiaries ?? []
  const associates = f.associates ?? []
  const fatf = f.fatf_records ?? []
  const personal = PersonalFacts({ fields: f })
  const contact = ContactFacts({ fields: f })
  const other = unknownMembers(match)
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {names.length > 0 && (
          <DetailSection title="Names and aliases" count={names.length}>
            <NamesTable names={names} />
          </DetailSection>
        )}
        {personal && <DetailSection title="Personal details">{personal}</DetailSection>}
        {contact && <DetailSection title="Addresses, contacts and ids">{contact}</DetailSection>}
        {roles.length > 0 && (
          <DetailSection title="Political roles" count={roles.length}>
            <RolesList items={roles.map((r) => ({ label: r.role, country: r.country }))} />
          </DetailSection>
        )}
        {occupations.length > 0 && (
          <DetailSection title="Occupations" count={occupations.length}>
            <RolesList
              items={occupations.map((o) => ({ label: o.occupation, country: o.country }))}
            />
          </DetailSection>
        )}
        {associates.length > 0 && (
          <DetailSection title="Associates" count={associates.length}>
            <AssociatesList
              associates={associates}
              reportMatchIds={reportMatchIds}
              onRevealMatch={onRevealMatch}
            />
          </DetailSection>
        )}
        {fatf.length > 0 && (
          <DetailSection title="FATF records" count={fatf.length}>
            <FatfList records={fatf} />
          </DetailSection>
        )}
        <DetailSection title="Matching">
          <MatchMetadata match={match} />
        </DetailSection>
      </div>
      {sources.length > 0 && (
        <DetailSection title="Sources" count={sources.length}>
          <SourcesList sources={sources} />
        </DetailSection>
      )}
      {media.length > 0 && (
        <DetailSection title="Media" count={media.length}>
          <MediaList media={media} />
        </DetailSection>
      )}
      {companies.length > 0 && (
        <DetailSection title="Companies and enterprises" count={companies.length}>
          <CompanyTable companies={companies} label="Companies and enterprises" />
        </DetailSection>
      )}
      {owners.length > 0 && (
        <DetailSection title="Owners and beneficiaries" count={owners.length}>
          <CompanyTable companies={owners} label="Owners and beneficiaries" />
        </DetailSection>
      )}
      {images.length > 0 && (
        <DetailSection title="Images" count={images.length}>
          <ImagesList images={images} />
        </DetailSection>
      )}
      {other && (
        <DetailSection title="Other data">
          <JsonViewer value={other} label="other data" defaultDepth={1} />
        </DetailSection>
      )}
    </div>
  )
}
