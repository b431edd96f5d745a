/** A field's message, placed right under it; inputs point at it with aria-describedby={errorId(name)}. */
export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={errorId(name)}>
      {message}
    </p>
  );
}

export function errorId(name: string): string {
  return `${name}-error`;
}
