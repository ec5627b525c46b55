import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { Profile } from '@/shared/contracts/auth';
import { supportTicketInput, supportTicketTopics, type SupportTicketReceipt } from '@/shared/contracts/support-tickets';
import { supportTicketCopy } from '@/shared/copy';
import { infoCopy } from '@/shared/info-copy';
import { PageHeader } from '@/web/components/layouts/page-header';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField, TextAreaField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { paths } from '@/web/config/paths';
import { useSendTicket } from '@/web/features/support/api/support-tickets';
import { ApiError } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/session';
import { useServerFieldErrors } from '@/web/lib/use-server-field-errors';

const text = infoCopy.contact;
type FormInput = z.input<typeof supportTicketInput>;
type FormOutput = z.output<typeof supportTicketInput>;
type Sender = Pick<FormOutput, 'name' | 'email'>;

/** The contact form: opens a ticket support works from their dashboard; signed-in senders are linked by the server. */
export function ContactPage() {
  const send = useSendTicket();
  const auth = useAuth();
  // Who sent the last message: 'Send another message' starts from their name and email.
  const [sender, setSender] = useState<Sender | null>(null);
  const sendAnother = ({ name, email }: Sender) => {
    setSender({ name, email });
    send.reset();
  };
  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0">
        <PageHeader title={text.title} description={text.lead} />
        {send.data ? (
          <Sent receipt={send.data} email={send.variables.email} onAgain={() => sendAnother(send.variables)} />
        ) : auth.status === 'loading' ? null : (
          <ContactForm send={send} profile={auth.status === 'signed-in' ? auth.profile : null} sender={sender} />
        )}
      </div>
      <aside className="grid content-start gap-2 rounded-lg border p-4 text-sm lg:mt-20">
        <h2 className="font-semibold">{text.faster}</h2>
        <p className="text-muted-foreground">{text.fasterBody}</p>
        <Link to={paths.helpCenter} className="font-medium text-primary underline underline-offset-4">
          {text.helpCenter}
        </Link>
      </aside>
    </div>
  );
}

/**
 * Signed in, the name and email start as the profile's; the sender may change them. Opened again after
 * a message was sent, it keeps that sender's name and email and takes the focus, as the button that
 * opened it is gone.
 */
function ContactForm({ send, profile, sender }: { send: ReturnType<typeof useSendTicket>; profile: Profile | null; sender: Sender | null }) {
  const topicId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(supportTicketInput),
    defaultValues: {
      name: sender?.name ?? (profile ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : ''),
      email: sender?.email ?? profile?.email ?? '',
      orderNumber: '',
      message: '',
    },
  });
  useServerFieldErrors(send.error, form.setError);
  const { setFocus } = form;
  const again = sender !== null;
  useEffect(() => {
    if (again) setFocus('name');
  }, [again, setFocus]);
  const { errors } = form.formState;
  const topicError = errors.topic?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.formTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={text.name} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
            <FormField label={text.email} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={text.orderNumber} hint={text.orderNumberHint} error={errors.orderNumber?.message} {...form.register('orderNumber')} />
            <div className="grid content-start gap-1.5">
              <Label htmlFor={topicId}>{text.topic}</Label>
              <NativeSelect
                id={topicId}
                aria-invalid={topicError ? true : undefined}
                aria-describedby={topicError ? `${topicId}-message` : undefined}
                defaultValue=""
                className="[&_select]:h-10"
                {...form.register('topic')}
              >
                <option value="" disabled>
                  {text.chooseTopic}
                </option>
                {supportTicketTopics.map((topic) => (
                  <option key={topic} value={topic}>
                    {supportTicketCopy.topics[topic]}
                  </option>
                ))}
              </NativeSelect>
              {topicError ? (
                <p id={`${topicId}-message`} role="alert" className="text-sm text-destructive">
                  {topicError}
                </p>
              ) : null}
            </div>
          </div>
          <TextAreaField label={text.message} hint={text.messageHint} rows={6} error={errors.message?.message} {...form.register('message')} />
          {send.error && !(send.error instanceof ApiError && send.error.fields) ? (
            <p role="alert" className="text-sm text-destructive">
              {send.error instanceof ApiError ? send.error.message : text.failed}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={send.isPending} className="h-11">
              {send.isPending ? text.sending : text.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Takes the place of the form, and of its focused button: the focus moves to its heading. */
function Sent({ receipt, email, onAgain }: { receipt: SupportTicketReceipt; email: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card role="status">
      <CardContent className="grid justify-items-start gap-3 pt-6">
        <CheckCircle2 className="size-8 text-primary" aria-hidden />
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {text.sent}
        </h2>
        <p>{text.sentBody(receipt.reference, email)}</p>
        <Button variant="outline" onClick={onAgain}>
          {text.sendAnother}
        </Button>
      </CardContent>
    </Card>
  );
}
