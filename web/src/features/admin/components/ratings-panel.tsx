import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useRatings } from '../api/get-ratings.ts';

const stars = (score: number) => `${'★'.repeat(score)}${'☆'.repeat(5 - score)}`;

/** The customers' ratings of done work, newest first, with their average (above the task cards). */
export function RatingsPanel() {
  const ratings = useRatings();
  const list = ratings.data?.ratings ?? [];
  const average = ratings.data?.averageScore ?? null;
  return (
    <details className="admin-panel ratings-panel">
      <summary className="ratings-panel__summary">
        Ratings{' '}
        <span className="ratings-panel__average">
          {average === null ? '(none yet)' : `${average.toFixed(1)} of 5 from ${list.length} rating${list.length === 1 ? '' : 's'}`}
        </span>
      </summary>
      {ratings.isError ? (
        <p className="banner banner--error" role="alert">
          {adminErrorText(ratings.error, 'Failed to fetch ratings')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="ratings-panel__list">
          {list.map((rating) => (
            <li key={rating.taskId} className="ratings-panel__item">
              <span className="ratings-panel__stars" aria-label={`${rating.score} out of 5`}>
                {stars(rating.score)}
              </span>
              <span>
                <strong>{rating.taskTitle}</strong> · {rating.customerName} about {rating.expertName ?? 'no expert'} ·{' '}
                <time dateTime={rating.ratedAt}>{formatTimestamp(rating.ratedAt)}</time>
              </span>
              {rating.comment ? <q className="ratings-panel__comment">{rating.comment}</q> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
