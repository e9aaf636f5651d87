import type { CSSProperties, ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';

/** What every email knows besides its own data: who sends it, where the app is, how to unsubscribe. */
export interface EmailContext {
  productName: string;
  /** The app's origin for links (PUBLIC_URL, else the server's own address), without a trailing slash. */
  origin: string;
  /**
   * The recipient's one-click unsubscribe link (also the List-Unsubscribe header); null for someone
   * without an account (the answer to their access request), who gets no other email.
   */
  unsubscribeUrl: string | null;
}

/** One email, ready to render: its subject and its body as a React element. */
export interface EmailContent {
  subject: string;
  body: ReactNode;
}

// Inline styles: email clients ignore style sheets. Colours pass WCAG AA on white.
const page: CSSProperties = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' };
const card: CSSProperties = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '24px 32px' };
const brand: CSSProperties = { color: '#3b3f9e', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 16px' };
const footer: CSSProperties = { color: '#555b66', fontSize: '12px', lineHeight: '18px' };
const button: CSSProperties = {
  backgroundColor: '#3b3f9e',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};

export const textStyle: CSSProperties = { color: '#1f2328', fontSize: '15px', lineHeight: '22px' };
/** A person's own words (a request, a message), kept as written, line breaks included. */
export const quoteStyle: CSSProperties = {
  ...textStyle,
  borderLeft: '3px solid #c9cbd6',
  margin: '12px 0',
  paddingLeft: '12px',
  whiteSpace: 'pre-wrap',
};

/**
 * The frame of every email: the product's name, a heading, the content, one call to action, and a
 * footer saying why the person gets it with the unsubscribe link (docs/decisions/023-email.md,
 * 067-one-click-unsubscribe.md).
 * React escapes every value, so people's words never become markup.
 */
export function EmailLayout(props: {
  context: EmailContext;
  /** The inbox's one-line preview. */
  preview: string;
  heading: string;
  action: { label: string; href: string };
  /** Why this person gets this email, e.g. "You get this email because you accepted a proposal." */
  reason: string;
  children: ReactNode;
}) {
  const { context } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{context.productName}</Text>
          <Heading as="h1" style={{ color: '#1f2328', fontSize: '22px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Button href={props.action.href} style={button}>
            {props.action.label}
          </Button>
          <Hr style={{ borderColor: '#e3e4ea', margin: '28px 0 16px' }} />
          <Text style={footer}>
            {props.reason}
            {context.unsubscribeUrl ? (
              <>
                {' '}
                <Link href={context.unsubscribeUrl}>Unsubscribe</Link>
                {` to stop all emails from ${context.productName}, or turn them off and on in Edit Profile.`}
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
