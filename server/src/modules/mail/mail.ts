/** A composed mail: Portuguese text and HTML bodies around one action link. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail exists for; logged when mails go to the outbox, so a developer can open it. */
  link: string;
  /** Extra headers (a digest's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Delivers and resolves once the mail is written or accepted by the SMTP server; rejects on failure. */
  send(mail: Mail): Promise<void>;
  /**
   * For callers whose response time must not reveal whether a mail was sent (password reset):
   * SMTP delivery continues in the background (failures are logged); an outbox write, which
   * takes a millisecond, is still awaited so the file exists when the response arrives.
   */
  dispatch(mail: Mail): Promise<void>;
  /** Waits for background deliveries, then releases the transport. */
  close(): Promise<void>;
}
