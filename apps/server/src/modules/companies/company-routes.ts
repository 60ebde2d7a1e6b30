/**
 * Company account calls (docs/requirements.md §14 "Company accounts"; docs/decisions/025-company-accounts.md), for
 * signed-in normal users (admins get 403: an admin account is not a customer's): create a company, the caller's
 * company (`/companies/mine`), its invitations, members and address book; and an invitation by its token (the
 * preview is public: the token is the capability; accepting needs the invited account). Rules live in
 * company-service.ts; each route is a row of the access-control matrix (src/test/access-control.test.ts).
 */
import {
  companyAddressInputSchema,
  companyAddressSchema,
  companyMemberSchema,
  companySchema,
  createCompanySchema,
  createInvitationSchema,
  deletedCountResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  myCompanySchema,
  updateMemberSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireNormalUser } from '../identity/index.js';

const errors = errorResponses(400, 401, 403, 404, 503);
const security = bearerSecurity;
const tags = ['companies'];
const idParams = z.object({ id: z.string().max(254) });
const userIdParams = z.object({ userId: z.string().max(254) });
const tokenParams = z.object({ token: z.string().max(254) });

/** Registers the company routes (mounted under /api). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { companies } = app;

  app.post(
    '/companies',
    {
      schema: {
        tags,
        summary: 'Create a company',
        description:
          'Creates a company with the caller as its owner. 409 when the caller already belongs to a company (one company per user).',
        security,
        body: createCompanySchema,
        response: { 201: companySchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => {
      const company = await companies.create(request.user, request.body);
      return reply.code(201).send(company);
    },
  );

  app.get(
    '/companies/mine',
    {
      schema: {
        tags,
        summary: 'Your company',
        description:
          'The caller’s company: its fields, the caller’s `role`, its members (owners first; `spendingLimit` dollars per order, null for none and always for owners and managers) and its address book. 404 when the caller belongs to no company.',
        security,
        response: { 200: myCompanySchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.mine(request.user.id),
  );

  app.post(
    '/companies/mine/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone to your company (owner or manager)',
        description:
          'Mails `email` a link to `/invitations/:token` that works once and for 7 days. Buyers get 403; 409 when the address belongs to a company or already has a pending invitation to this one. `spendingLimit` (dollars) applies to buyers only.',
        security,
        body: createInvitationSchema,
        response: { 201: invitationSchema, ...errors, ...errorResponses(409, 429) },
      },
      onRequest: requireNormalUser,
      preHandler: app.createWriteLimit('invitation'),
    },
    async (request, reply) => {
      const invitation = await companies.invite(request.user, request.body);
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/companies/mine/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations of your company (owner or manager)',
        description: 'Invitations neither accepted, revoked nor expired, newest first.',
        security,
        response: { 200: z.array(invitationSchema), ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.pendingInvitations(request.user.id),
  );

  app.delete(
    '/companies/mine/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation (owner or manager)',
        description: 'Its link stops working. 404 when it is not a pending invitation of your company.',
        security,
        params: idParams,
        response: { 200: deletedCountResponseSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => {
      await companies.revokeInvitation(request.user.id, request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.patch(
    '/companies/mine/members/:userId',
    {
      schema: {
        tags,
        summary: 'Change a member’s role or spending limit (owner or manager)',
        description:
          'Answers the member. Buyers get 403; a manager cannot change an owner nor make anyone owner (403); the last owner cannot be demoted (409). `spendingLimit` (dollars per order, null: none) is kept for buyers only.',
        security,
        params: userIdParams,
        body: updateMemberSchema,
        response: { 200: companyMemberSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.updateMember(request.user.id, request.params.userId, request.body),
  );

  app.delete(
    '/companies/mine/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (owner or manager)',
        description:
          'The member leaves the company and keeps their account. Buyers get 403 (also for themselves); a manager cannot remove an owner (403); the last owner cannot be removed (409).',
        security,
        params: userIdParams,
        response: { 200: deletedCountResponseSchema, ...errors, ...errorResponses(409) },
      },
      onRequest: requireNormalUser,
    },
    async (request) => {
      await companies.removeMember(request.user.id, request.params.userId);
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/companies/mine/addresses',
    {
      schema: {
        tags,
        summary: 'Your company’s ship-to addresses',
        description: 'Any member reads the address book, oldest first.',
        security,
        response: { 200: z.array(companyAddressSchema), ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.addresses(request.user.id),
  );

  app.post(
    '/companies/mine/addresses',
    {
      schema: {
        tags,
        summary: 'Add a ship-to address (owner or manager)',
        security,
        body: companyAddressInputSchema,
        response: { 201: companyAddressSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request, reply) => {
      const address = await companies.addAddress(request.user.id, request.body);
      return reply.code(201).send(address);
    },
  );

  app.put(
    '/companies/mine/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Replace a ship-to address (owner or manager)',
        description: 'Orders placed before keep the address as it was. 404 when it is not your company’s.',
        security,
        params: idParams,
        body: companyAddressInputSchema,
        response: { 200: companyAddressSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.updateAddress(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/companies/mine/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Remove a ship-to address (owner or manager)',
        description: 'Orders placed before keep their copy. 404 when it is not your company’s.',
        security,
        params: idParams,
        response: { 200: deletedCountResponseSchema, ...errors },
      },
      onRequest: requireNormalUser,
    },
    async (request) => {
      await companies.removeAddress(request.user.id, request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'An invitation, by its token (public)',
        description:
          'What the invitation page shows: company, invited address, role, who invited, until when. 404 when unknown, used or revoked; 410 (code TOKEN_EXPIRED) when its 7 days have passed.',
        params: tokenParams,
        response: { 200: invitationPreviewSchema, ...errorResponses(400, 404, 410, 503) },
      },
    },
    async (request) => companies.previewInvitation(request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation',
        description:
          'Joins the company, signed in with the invited address (any case; another account gets 403), and answers it as GET /companies/mine. Works once: 404 when unknown, used or revoked; 410 when expired; 409 when you already belong to a company.',
        security,
        params: tokenParams,
        response: { 200: myCompanySchema, ...errors, ...errorResponses(409, 410) },
      },
      onRequest: requireNormalUser,
    },
    async (request) => companies.acceptInvitation(request.user, request.params.token),
  );
};
