import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every API schema is built from this `z`, so the same schema validates and documents.
extendZodWithOpenApi(z);

export { z };
