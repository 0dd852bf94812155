-- Reserved; filled by its change.
SELECT 1;
