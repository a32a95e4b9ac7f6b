import { Controller, Res } from '@nestjs/common';
import { platformRoutes } from '@fodmap/contracts';
import { Express, Response } from 'express';
import { dirname, join, resolve } from 'node:path';
import { Endpoint } from '../http/endpoint';
import { OpenApiDocument, openApiDocument } from './openapi-document';

/** The page and its start script (apps/gateway/public/docs), the same from the build (dist/openapi) and the sources (src/openapi). */
const DOCS_PAGE = resolve(__dirname, '../../public/docs');
/** Swagger UI's own files, served from the installed package: nothing comes from another site. */
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': join(SWAGGER_UI, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(SWAGGER_UI, 'swagger-ui-bundle.js'),
  'docs.js': join(DOCS_PAGE, 'docs.js'),
};

@Controller()
export class OpenApiController {
  /** Built on the first read (about 0.1 s, kept off the gateway's start-up), then kept: the contract does not change while the process runs. */
  private document: OpenApiDocument | undefined;

  @Endpoint(platformRoutes.openApi)
  openApi(): OpenApiDocument {
    this.document ??= openApiDocument();
    return this.document;
  }

  @Endpoint(platformRoutes.docs)
  docs(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(DOCS_PAGE, 'index.html'));
  }
}

/** The reference page's scripts and styles under /api/docs/, a fixed list of files (main.ts, before the API's routes). */
export function serveApiDocsAssets(express: Express): void {
  express.get(`${platformRoutes.docs.path}/:asset`, (req, res, next) => {
    const { asset } = req.params;
    if (!Object.hasOwn(DOCS_ASSETS, asset)) return next();
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.sendFile(DOCS_ASSETS[asset]);
  });
}
