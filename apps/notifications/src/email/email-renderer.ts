import { DEFAULT_DOMAIN_CONFIG, DomainConfig } from '@fodmap/contracts';
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type Template = (context: object) => string;

/**
 * Renders `templates/<name>.{subject,html,text}.hbs`, the HTML inside `layout.html.hbs`.
 * The subject and text are plain text, so they are compiled without HTML escaping.
 */
export class EmailRenderer {
  private readonly handlebars = Handlebars.create();
  private readonly compiled = new Map<string, Template>();

  constructor(
    private readonly templatesDir = join(__dirname, 'templates'),
    private readonly brand: DomainConfig = DEFAULT_DOMAIN_CONFIG,
  ) {}

  render(name: string, context: object): RenderedEmail {
    const full = { ...context, brand: this.brand };
    const subject = this.template(`${name}.subject`, true)(full).trim();
    const body = this.template(`${name}.html`, false)(full);
    return {
      subject,
      html: this.template('layout.html', false)({ ...full, subject, body }),
      text: this.template(`${name}.text`, true)(full),
    };
  }

  private template(file: string, plainText: boolean): Template {
    let template = this.compiled.get(file);
    if (!template) {
      const source = readFileSync(join(this.templatesDir, `${file}.hbs`), 'utf8');
      template = this.handlebars.compile(source, { noEscape: plainText, strict: true });
      this.compiled.set(file, template);
    }
    return template;
  }
}
