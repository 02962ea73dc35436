/** Where the Book a call link leads before the page is interactive: the form at the end of the page. */
export const BOOK_SECTION_ID = 'book'
