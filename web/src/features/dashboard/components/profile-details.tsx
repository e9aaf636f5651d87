import type { Profile } from '@unstuck/contract';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { loadFailureText } from '../../../lib/load-failure.ts';

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

/**
 * The profile details of docs/product.md "Dashboard": the availability, and for experts and admins
 * (`expertFields`) Skills and Accomplishments with the spec's placeholders; they concern no customer.
 */
export function ProfileDetails({
  profile,
  expertFields,
  error,
  onRetry,
}: {
  profile: Profile | null;
  expertFields: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <section className="panel profile-details" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="panel__title">
        Profile
      </h2>
      <ErrorBanner message={error ? loadFailureText('your profile', error) : null} onRetry={onRetry} />
      {profile?.availability ? (
        <p>
          <strong>Availability:</strong> {profile.availability}
        </p>
      ) : null}
      {!expertFields && !profile?.availability ? <p className="page__note">Edit Profile to change your name, email and emails.</p> : null}
      {expertFields ? (
        <>
          <ItemList title="Skills" items={profile?.skills ?? []} empty="No skills added yet" />
          <ItemList title="Accomplishments" items={profile?.accomplishments ?? []} empty="No accomplishments added yet" />
        </>
      ) : null}
    </section>
  );
}
