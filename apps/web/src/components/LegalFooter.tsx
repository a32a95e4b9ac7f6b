import { Accordion, AccordionDetails, AccordionSummary, Link, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Messages } from '@fodmap/contracts';

/** Static pages shipped with the web build (apps/web/public/legal), so they load even without the app. */
const LEGAL_PAGES = [
  { label: 'Privacy Policy', href: '/legal/privacy-policy.html' },
  { label: 'Cookie Policy', href: '/legal/cookie-policy.html' },
  { label: 'Accessibility Statement', href: '/legal/accessibility-statement.html' },
  { label: 'Medical Disclaimer', href: '/legal/medical-disclaimer.html' },
] as const;

/** Spec §1, §2 Profile: the not-medical-advice warning, expanding to the legal pages. */
export function LegalFooter() {
  return (
    <Accordion component="footer" disableGutters variant="outlined" sx={{ borderRadius: 2, '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="legal-links" id="legal-summary">
        <Stack direction="row" spacing={1} alignItems="center">
          <WarningAmberIcon color="warning" fontSize="small" aria-hidden />
          <Typography variant="body2">{Messages.notMedicalAdvice}</Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id="legal-links">
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {LEGAL_PAGES.map((page) => (
            <li key={page.href}>
              <Link href={page.href} target="_blank" rel="noopener" variant="body2">
                {page.label}
              </Link>
            </li>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
