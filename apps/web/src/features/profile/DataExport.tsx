import { Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { AccountMessages, accountRoutes } from '@fodmap/contracts';
import { downloadRoute, serverMessage, type DownloadedFile } from '@fodmap/web-client';
import { useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

type Format = 'json' | 'csv';

const FORMATS: { format: Format; label: string }[] = [
  { format: 'json', label: 'Download JSON' },
  { format: 'csv', label: 'Download spreadsheet (CSV)' },
];

/** Hands the bytes to the browser as a download under the server's name for them. */
function save({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'fodmap-journal-export';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL only after the click returns: it is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Issue 20 §2, spec §2 Profile 'Data Export': everything the product holds about the person, as JSON or a zip of CSV files. */
export function DataExport() {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const download = useMutation({
    mutationFn: (format: Format) => downloadRoute(accountRoutes.export, { query: { format } }),
    onSuccess: save,
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: AccountMessages.exportFailed, description: serverMessage(error, '') || undefined, variant: 'destructive' });
    },
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="data-export-title">
      <CardContent>
        <Typography id="data-export-title" variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
          Data Export
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Everything we keep about you: your account, meals with their foods, symptoms, your own foods and the emails we sent you.
        </Typography>
        <Stack spacing={1}>
          {FORMATS.map(({ format, label }) => {
            const running = download.isPending && download.variables === format;
            return (
              <Button
                key={format}
                variant="outlined"
                fullWidth
                onClick={() => download.mutate(format)}
                disabled={download.isPending}
                startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
              >
                {running ? 'Preparing your download…' : label}
              </Button>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
