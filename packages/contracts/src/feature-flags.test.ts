import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_FEATURES, featureFlags, type FlagSettings, WORKSPACE_FEATURES, type WorkspaceFeature } from './feature-flags';

const FEATURED = 'featured-ws';
const PROD = 'https://chat.example.com';
const settings: FlagSettings = { featuredWorkspaceId: FEATURED, productionOrigin: PROD };
const other = 'https://staging.example.com';

const sorted = (s: Set<string>) => [...s].sort();

describe('featureFlags', () => {
  it('featured workspace admin gets polygonal, create_members, edit_members', () => {
    const flags = featureFlags({ role: 'ADMIN', workspaces: [{ id: FEATURED }] }, settings, other);
    expect(sorted(flags)).toEqual(['create_members', 'edit_members', 'polygonal']);
  });

  it('featured workspace user gets disable_edit_personal_info only', () => {
    const flags = featureFlags({ role: 'USER', workspaces: [{ id: FEATURED }] }, settings, other);
    expect(sorted(flags)).toEqual(['disable_edit_personal_info']);
  });

  it('other workspaces get nothing', () => {
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: [{ id: 'another' }] }, settings, other))).toEqual([]);
    expect(sorted(featureFlags({ role: 'USER', workspaces: [{ id: 'another' }] }, settings, other))).toEqual([]);
    expect(sorted(featureFlags({ role: 'ROOT', workspaces: [] }, settings, other))).toEqual([]);
    expect(sorted(featureFlags({ role: 'USER' }, settings, other))).toEqual([]);
  });

  it('no featured workspace configured: nothing workspace-based', () => {
    const flags = featureFlags({ role: 'ADMIN', workspaces: [{ id: FEATURED }] }, { ...settings, featuredWorkspaceId: null }, other);
    expect(sorted(flags)).toEqual([]);
  });

  it('production origin adds both flags for everyone, including signed-out visitors', () => {
    const both = ['disable_create_account', 'disable_recovery_password'];
    expect(sorted(featureFlags(null, settings, PROD))).toEqual(both);
    expect(sorted(featureFlags({ role: 'ROOT' }, settings, PROD))).toEqual(both);
    expect(sorted(featureFlags({ role: 'USER', workspaces: [{ id: 'x' }] }, settings, `${PROD}/`))).toEqual(both);
    expect(sorted(featureFlags({ role: 'USER', workspaces: [{ id: FEATURED }] }, settings, PROD))).toEqual(
      [...both, 'disable_edit_personal_info'].sort(),
    );
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: [{ id: FEATURED }] }, settings, PROD))).toEqual(
      [...both, 'create_members', 'edit_members', 'polygonal'].sort(),
    );
  });

  it('a different origin adds neither', () => {
    expect(sorted(featureFlags(null, settings, other))).toEqual([]);
    expect(sorted(featureFlags(null, settings, 'http://chat.example.com'))).toEqual([]);
    expect(sorted(featureFlags(null, settings, 'https://chat.example.com:8443'))).toEqual([]);
    expect(sorted(featureFlags(null, settings, null))).toEqual([]);
    expect(sorted(featureFlags(null, settings, 'not a url'))).toEqual([]);
    expect(sorted(featureFlags(null, { ...settings, productionOrigin: null }, PROD))).toEqual([]);
  });
});

describe('per-workspace features', () => {
  const ws = (features: WorkspaceFeature[]) => [{ id: 'w1', features }];

  it('admins get the admin features that are on, never disable_edit_personal_info', () => {
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: ws(['polygonal', 'disable_edit_personal_info']) }, settings, other))).toEqual([
      'polygonal',
    ]);
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: ws([...WORKSPACE_FEATURES]) }, settings, other))).toEqual([
      'admin_sso',
      'create_members',
      'edit_members',
      'polygonal',
    ]);
  });

  it('members get disable_edit_personal_info when it is on, and no admin feature', () => {
    expect(sorted(featureFlags({ role: 'USER', workspaces: ws([...WORKSPACE_FEATURES]) }, settings, other))).toEqual([
      'disable_edit_personal_info',
    ]);
    expect(sorted(featureFlags({ role: 'USER', workspaces: ws(['create_members']) }, settings, other))).toEqual([]);
  });

  it('ROOT gets no workspace feature', () => {
    expect(sorted(featureFlags({ role: 'ROOT', workspaces: ws([...WORKSPACE_FEATURES]) }, settings, other))).toEqual([]);
  });

  it('the featured workspace has the original four whatever it stores, and admin_sso only when stored', () => {
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: [{ id: FEATURED, features: [] }] }, settings, other))).toEqual([
      'create_members',
      'edit_members',
      'polygonal',
    ]);
    expect(sorted(featureFlags({ role: 'ADMIN', workspaces: [{ id: FEATURED, features: ['admin_sso'] }] }, settings, other))).toEqual([
      'admin_sso',
      'create_members',
      'edit_members',
      'polygonal',
    ]);
  });

  it('new workspaces start with the three admin features', () => {
    expect([...DEFAULT_WORKSPACE_FEATURES].sort()).toEqual(['create_members', 'edit_members', 'polygonal']);
  });
});
