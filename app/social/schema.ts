import { z } from "zod";
import { ACTIVITY_VISIBILITIES } from "./tables";

export const SOCIAL_INTENTS = ["follow", "unfollow", "accept", "decline", "remove", "block", "unblock"] as const;
export type SocialIntent = (typeof SOCIAL_INTENTS)[number];

/** The follow buttons' form (profile, reviews, comments, followers pages, requests). */
export const socialFormSchema = z.object({
  intent: z.enum(SOCIAL_INTENTS, { message: "Choose what to do." }),
  userId: z.coerce.number({ message: "Choose a member." }).int("Choose a member.").positive("Choose a member.").max(Number.MAX_SAFE_INTEGER, "Choose a member."),
});

export const activityVisibilitySchema = z.object({
  activityVisibility: z.enum(ACTIVITY_VISIBILITIES, { message: "Choose who sees your activity." }),
});
