import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { availabilitySchema, type Availability, type Profile } from '@unstuck/contract';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useStaffRoles } from '../../../lib/staff-roles.ts';
import { useProfile } from '../api/get-profile.ts';
import { PROFILE_TEXTS, useUpdateProfile } from '../api/update-profile.ts';
import { ListEditor } from './list-editor.tsx';
import { useRedirectAfter } from '../../../lib/use-redirect-after.ts';
import { FormStatus } from '../../../components/form-status.tsx';

type FieldErrors = { name?: string; email?: string };

/** The name and email as the form checks them before saving, in plain sentences. */
function checkFields(name: string, email: string, emailMalformed: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (name.trim() === '') errors.name = 'Please enter your name.';
  if (emailMalformed) errors.email = 'Please enter a valid email address, like name@example.com.';
  return errors;
}

/**
 * A refusal the server gave for one field ("Failed to update profile (400): name: name must not be
 * blank") as a sentence for that field; null for any other failure, which keeps the spec's text.
 */
function fieldErrorOf(message: string): FieldErrors | null {
  const match = /\(400\): (name|email): (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const sentence = `${match[2].charAt(0).toUpperCase()}${match[2].slice(1)}`.replace(/\.?$/, '.');
  return { [match[1]]: sentence };
}

/** docs/product.md "Limits" "Redirect delays": 1.5 s after a profile save. */
const REDIRECT_AFTER_SAVE_MS = 1500;

/**
 * docs/product.md "Edit Profile": name, email, availability, and for experts and admins skills and
 * accomplishments (a customer's are kept as they are); Cancel and Save Changes. Beyond the spec, the email switch (docs/decisions/067-one-click-unsubscribe.md), saved with the profile.
 */
export function EditProfilePage() {
  const profile = useProfile();
  return (
    <PageLayout title="Edit Profile">
      {profile.error ? (
        <p className="banner banner--error" role="alert">
          {profile.error.message}
        </p>
      ) : null}
      {profile.data ? <ProfileForm key={profile.data.profile.id} profile={profile.data.profile} /> : null}
      {profile.isPending ? <p role="status">Loading...</p> : null}
    </PageLayout>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const { refresh, user } = useAuth();
  const roles = useStaffRoles(user);
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name ?? '');
  const [email, setEmail] = useState(profile.email ?? '');
  const [availability, setAvailability] = useState<Availability | ''>(profile.availability ?? '');
  const [skills, setSkills] = useState(profile.skills);
  const [accomplishments, setAccomplishments] = useState(profile.accomplishments);
  const [emailNotifications, setEmailNotifications] = useState(profile.emailNotifications);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useRedirectAfter(saved, '/dashboard', REDIRECT_AFTER_SAVE_MS);

  /** Shows each field's problem beside it and takes the person to the first one. */
  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    const first = errors.name ? nameInput.current : errors.email ? emailInput.current : null;
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems = checkFields(name, email, emailInput.current?.validity.typeMismatch === true);
    showFieldErrors(problems);
    if (problems.name || problems.email) return;
    // docs/product.md "Validation": items trimmed, empty ones ignored.
    const clean = (items: string[]) => items.map((item) => item.trim()).filter((item) => item !== '');
    try {
      await update.mutateAsync({
        id: profile.id,
        name,
        email,
        availability: availability === '' ? null : availability,
        skills: clean(skills),
        accomplishments: clean(accomplishments),
        emailNotifications,
      });
      // The header shows the name from our token: take one with the saved profile.
      await refresh();
      setSaved(true);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const onField = fieldErrorOf(message);
      if (onField) showFieldErrors(onField);
      else setError(message);
    }
  };

  return (
    <form className="panel profile-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormStatus success={saved ? PROFILE_TEXTS.saved : null} error={error} />
      <label className="field">
        <span className="field__label">Name</span>
        <input
          ref={nameInput}
          className="field__input"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          aria-invalid={fieldErrors.name ? true : undefined}
          aria-describedby={fieldErrors.name ? 'profile-name-error' : undefined}
        />
        {fieldErrors.name ? (
          <span className="field__error" id="profile-name-error">
            {fieldErrors.name}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span className="field__label">Email</span>
        <input
          ref={emailInput}
          className="field__input"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? 'profile-email-error' : undefined}
        />
        {fieldErrors.email ? (
          <span className="field__error" id="profile-email-error">
            {fieldErrors.email}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span className="field__label">Availability</span>
        <select
          className="field__input"
          value={availability}
          onChange={(event) => {
            const value = availabilitySchema.safeParse(event.target.value);
            setAvailability(value.success ? value.data : '');
          }}
        >
          <option value="">Select availability</option>
          {availabilitySchema.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
      {roles.expert || roles.admin ? (
        <>
          <ListEditor label="Skills" itemName="skill" placeholder="Add a skill" items={skills} onChange={setSkills} />
          <ListEditor
            label="Accomplishments"
            itemName="accomplishment"
            placeholder="Add an accomplishment"
            items={accomplishments}
            onChange={setAccomplishments}
          />
        </>
      ) : null}
      <label className="field field--switch">
        <input
          type="checkbox"
          role="switch"
          className="field__switch"
          checked={emailNotifications}
          onChange={(event) => setEmailNotifications(event.target.checked)}
          aria-describedby="email-notifications-hint"
        />
        <span className="field__label">Email notifications</span>
      </label>
      <p id="email-notifications-hint" className="field__hint">
        Emails about your tasks and, for experts and admins, about new work. Every email also has a one-click unsubscribe link.
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void navigate('/dashboard')}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending || saved}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
