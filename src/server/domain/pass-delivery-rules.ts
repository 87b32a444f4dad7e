/** A paper pass expires this long after the doors it was signed under (docs/api.md "The paper pass"). */
export const paperPassLifeMs = 24 * 60 * 60 * 1000;
