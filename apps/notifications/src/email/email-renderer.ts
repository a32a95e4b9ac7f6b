import { DEFAULT_DOMAIN_CONFIG, DomainConfig } from '@fodmap/contracts';
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RenderedEmail {
  /** The brand's sender: its display name and the address of its emailFrom. */
  from: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
}

type Template = (context: object) => string;

/** Partials a template includes as `{{> name}}`: `<name>.html.hbs` in the HTML, `<name>.text.hbs` in the text. */
const PARTIALS = ['sponsor'];

/** The address of an emailFrom such as 'FODMAP Journal <no-reply@fodmapjournal.app>', or the whole value when bare. */
export function senderAddress(emailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(emailFrom)?.[1].trim() ?? emailFrom.trim();
}

/**
 * Renders `templates/<name>.{subject,html,text}.hbs`, the HTML inside `layout.html.hbs` and the text inside
 * `layout.text.hbs` (their footers: brand, unsubscribe link when the context has `unsubscribeUrl`, the medical notice).
 * The subject and text are plain text, so they are compiled without HTML escaping, each with its own partials.
 * The brand is per email: one renderer serves every domain.
 */
export class EmailRenderer {
  private readonly html = Handlebars.create();
  private readonly text = Handlebars.create();
  private readonly compiled = new Map<string, Template>();

  constructor(private readonly templatesDir = join(__dirname, 'templates')) {
    for (const partial of PARTIALS) {
      this.html.registerPartial(partial, this.template(`${partial}.html`));
      this.text.registerPartial(partial, this.template(`${partial}.text`));
    }
  }

  render(name: string, context: object, brand: DomainConfig = DEFAULT_DOMAIN_CONFIG): RenderedEmail {
    // The footers ask for these whatever the template: absent means none.
    const full = { unsubscribeUrl: null, ...context, brand };
    const subject = this.template(`${name}.subject`)(full).trim();
    return {
      from: { name: brand.displayName, address: senderAddress(brand.emailFrom) },
      subject,
      html: this.template('layout.html')({ ...full, subject, body: this.template(`${name}.html`)(full) }),
      text: this.template('layout.text')({ ...full, body: this.template(`${name}.text`)(full) }),
    };
  }

  private template(file: string): Template {
    let template = this.compiled.get(file);
    if (!template) {
      const plainText = !file.endsWith('.html');
      const source = readFileSync(join(this.templatesDir, `${file}.hbs`), 'utf8');
      template = (plainText ? this.text : this.html).compile(source, { noEscape: plainText, strict: true });
      this.compiled.set(file, template);
    }
    return template;
  }
}
