'use client';

import { useState } from 'react';

/** Copies `text` to the clipboard and says so to screen readers too; `what` completes the button's name ("Copy the MCP URL"). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [result, setResult] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setResult('Copied');
    } catch {
      setResult('Could not copy: select the text and copy it yourself');
    }
  }
  return (
    <>
      <button type="button" className="secondary" onClick={copy}>
        Copy<span className="visually-hidden"> {what}</span>
      </button>
      <span role="status" className="muted">
        {result}
      </span>
    </>
  );
}
