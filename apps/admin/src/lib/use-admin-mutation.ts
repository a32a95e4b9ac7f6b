import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { AdminMessages } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useToast } from '@fodmap/web-ui';

/**
 * An admin write (spec §8): on success its success toast, the reads it changes refetched, and `onDone` (close the
 * dialog); on failure the 'Error' toast with the server's message, the form left as it was to correct.
 */
export function useAdminMutation<Variables>({
  mutationFn,
  success,
  invalidates,
  onDone,
}: {
  mutationFn: (variables: Variables) => Promise<unknown>;
  success: string;
  invalidates: readonly QueryKey[];
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast({ title: success });
      onDone?.();
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) =>
      toast({ title: AdminMessages.error, description: serverMessage(error, error instanceof Error ? error.message : String(error)), variant: 'destructive' }),
  });
}
