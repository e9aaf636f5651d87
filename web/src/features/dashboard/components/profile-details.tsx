import type { Profile } from '@unstuck/contract';

function ItemList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <div className="profile-details__group">
      <h3 className="profile-details__label">{title}</h3>
      {items.length === 0 ? (
        <p className="page__note">{empty}</p>
      ) : (
        <ul className="tag-list" aria-label={title}>
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="tag-list__item">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The profile details of spec §2 "Dashboard": Skills and Accomplishments with the spec's placeholders. */
export function ProfileDetails({ profile, error }: { profile: Profile | null; error: Error | null }) {
  return (
    <section className="panel profile-details" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="panel__title">
        Profile
      </h2>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error.message}
        </p>
      ) : null}
      {profile?.availability ? (
        <p>
          <strong>Availability:</strong> {profile.availability}
        </p>
      ) : null}
      <ItemList title="Skills" items={profile?.skills ?? []} empty="No skills added yet" />
      <ItemList title="Accomplishments" items={profile?.accomplishments ?? []} empty="No accomplishments added yet" />
    </section>
  );
}
