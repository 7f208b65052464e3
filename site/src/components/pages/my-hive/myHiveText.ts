/** The words of /my-hive as its page query returns them (content/pages/my-hive.yaml). */
export type MyHiveText = Omit<NonNullable<Queries.MyHivePageQuery['myHivePage']>, 'seo' | 'hero'>;
