// Swagger UI's start, as a file of our own: the gateway's CSP allows no inline script.
window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 });
