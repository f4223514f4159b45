import { describe, expect, it } from "vitest";
import { canDeleteList, canEditList, canViewList, moveInOrder, resolveOrder, type ListAccessFacts } from "./rules";

const facts = (overrides: Partial<ListAccessFacts>): ListAccessFacts => ({ isOwner: false, workspaceId: 0, workspaceRole: null, isPublic: false, ...overrides });

describe("who may do what with a list", () => {
  it("personal lists: only the owner edits and deletes; others see it only when public", () => {
    expect(canEditList(facts({ isOwner: true }))).toBe(true);
    expect(canDeleteList(facts({ isOwner: true }))).toBe(true);
    expect(canEditList(facts({}))).toBe(false);
    expect(canViewList(facts({}))).toBe(false);
    expect(canViewList(facts({ isPublic: true }))).toBe(true);
  });

  it("workspace lists: every member edits; the creator and the workspace's owner and admins delete; leavers lose access", () => {
    const shared = { workspaceId: 7 };
    expect(canEditList(facts({ ...shared, workspaceRole: "member" }))).toBe(true);
    expect(canDeleteList(facts({ ...shared, workspaceRole: "member" }))).toBe(false);
    expect(canDeleteList(facts({ ...shared, workspaceRole: "member", isOwner: true }))).toBe(true);
    expect(canDeleteList(facts({ ...shared, workspaceRole: "admin" }))).toBe(true);
    expect(canDeleteList(facts({ ...shared, workspaceRole: "owner" }))).toBe(true);
    expect(canEditList(facts({ ...shared, isOwner: true }))).toBe(false);
    expect(canViewList(facts({ ...shared, isOwner: true }))).toBe(false);
  });
});

describe("ordering", () => {
  it("moves an item one step, and not past either end", () => {
    expect(moveInOrder([1, 2, 3], 3, "up")).toEqual([1, 3, 2]);
    expect(moveInOrder([1, 2, 3], 1, "down")).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 1, "up")).toEqual([1, 2, 3]);
    expect(moveInOrder([1, 2, 3], 3, "down")).toEqual([1, 2, 3]);
  });

  it("accepts a permutation, keeps items left out after the named ones, refuses strangers and repeats", () => {
    expect(resolveOrder([1, 2, 3], [3, 1, 2])).toEqual({ order: [3, 1, 2] });
    expect(resolveOrder([1, 2, 3, 4], [4, 1])).toEqual({ order: [4, 1, 2, 3] });
    expect(resolveOrder([1, 2, 3], [3, 9])).toEqual({ unknownId: 9 });
    expect(resolveOrder([1, 2, 3], [3, 3])).toEqual({ duplicateId: 3 });
  });
});
