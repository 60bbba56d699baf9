/** InnoDB, utf8mb4, and a binary collation: keys compare case-sensitively, as on SQLite and PostgreSQL. */
export const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'
