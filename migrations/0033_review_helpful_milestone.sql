-- The highest helpful-vote milestone (HELPFUL_VOTE_MILESTONES) a review's author
-- was told of. Raised in the voting batch only when the recounted helpful count
-- passes it, so each milestone is told exactly once even under concurrent votes
-- (issue 19, decision 025).
ALTER TABLE `reviews` ADD `helpful_milestone` integer DEFAULT 0 NOT NULL;
