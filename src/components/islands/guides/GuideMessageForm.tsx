/** Placeholder for "Message {first name}": another part of issue 27 replaces this file with the real form. */
export default function GuideMessageForm({ guide }: { guide: { id: number; firstName: string } }) {
  return (
    <h2 id="message" className="text-xl font-semibold text-ember-900">
      Message {guide.firstName}
    </h2>
  );
}
