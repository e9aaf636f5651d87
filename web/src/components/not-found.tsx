import { Link } from 'react-router';

/**
 * Something that is not there (an unknown page, task or conversation), said once with the ways on:
 * home, the chat and Messages. No Retry: asking again gets the same answer.
 */
export function NotFound({ text }: { text: string }) {
  return (
    <section className="panel panel--narrow not-found" aria-label="Not found">
      <p>{text}</p>
      <ul className="not-found__links">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/">Chat with us</Link>
        </li>
        <li>
          <Link to="/messages">Your messages</Link>
        </li>
      </ul>
    </section>
  );
}
