import type { Metadata } from 'next';
import type { ReactNode } from 'react';

export const metadata: Metadata = {
  title: 'JEV: sports-betting analysis for AI agents',
  description: 'Odds, no-vig consensus, EV and Kelly sizing for AI agents over REST and MCP. Analysis only: no bets taken.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', margin: 0, lineHeight: 1.5 }}>
        {children}
        <footer style={{ borderTop: '1px solid #ddd', padding: '1rem', fontSize: '0.875rem', color: '#444' }}>
          Analysis only: JEV takes no bets and holds no money. 21+ where legal. Gambling problem? Call 1-800-522-4700
          (1-800-GAMBLER).
        </footer>
      </body>
    </html>
  );
}
