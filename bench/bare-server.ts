// The far baseline: a bare node:http server that parses the same body and runs the same math as
// calc_no_vig_odds, with none of Next, the gateway, the token lookup or the budgets.
import { createServer } from 'node:http';
import { calcNoVigOdds } from '@/lib/tools/calculators';
import { parseArguments } from '@/lib/tools/inputs';

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const args = parseArguments(calcNoVigOdds.input, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    void calcNoVigOdds.run(undefined as never, args).then((data) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ data }));
    });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare server ready'));
