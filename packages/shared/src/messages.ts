/**
 * Every user-visible text the specification fixes, verbatim (including its spelling), in one catalogue
 * used by both the web forms and the API (DESIGN.md item 7). Functions build texts with parameters.
 */
export const messages = {
  home: {
    heroTitle: (shopName: string) => `Welcome to ${shopName}`,
    heroText:
      'Find the right parts faster on over 88,000+ replacement parts and accessories. Best deals on top sellers.',
    shopNow: 'Shop Now',
    featuredParts: 'Featured Parts',
    trustHeading: 'Millions Business Trust Us',
    questionHeading: 'Have any question about us?',
    contactUs: 'Contact us',
    reviewsHeading: 'What Our Customers Say!',
    categoriesHeading: 'Shop by Categories',
    makesHeading: 'Parts by Make',
    buyNow: 'Buy Now',
    minimumOrderQuantity: (minqty: number) => `Minimum Order Quantity: ${minqty}`,
    availableQuantity: (available: number) => `Available Quantity: ${available}`,
    price: (price: number) => `Price: $${price}`,
    ratingStars: (rating: number | string) => `${rating} stars`,
  },
  notFound: {
    text: '404-PAGE NOT FOUND',
  },
  footer: {
    tagline: (since: number) => `Manufacturing quality car parts since ${since}`,
  },
  validation: {
    emailRequired: 'Email is Required',
    emailInvalid: 'Provide a valid Email',
    passwordRequired: 'Password is Required',
    passwordTooShort: 'Password must be 6 characters or longer',
    nameRequired: 'Name is Required',
    descriptionRequired: 'Description is Required',
    ratingRequired: 'Rating is Required',
    ratingTooLow: 'Rating must be 1 star',
    ratingTooHigh: 'Rating can be maximum 5 star',
    imageRequired: 'Image is Required',
    educationRequired: 'Education is Required',
    addressRequired: 'Address is Required',
    cityRequired: 'City is Required',
    titleRequired: 'Title is Required',
    quantityRequired: 'Quantity is Required',
    minimumOrderQuantityRequired: 'Minimum Order Quantity is Required',
    priceRequired: 'Price is Required',
    orderQuantityBounds: (min: number, max: number) =>
      `Minimm order quantity ${min} and maximum order quantity ${max}`,
  },
  toast: {
    orderPlaced: 'Successfull placed order',
    orderFailed: 'Faild to place order',
    deleted: (name: string) => `${name} is deleted`,
    reviewAdded: 'Successfully added your review',
    reviewFailed: 'Failed to add review',
    profileUpdated: 'Successfully updated your info',
    profileFailed: 'Failed to update your info',
    productAdded: 'Successfully added your product',
    productFailed: 'Failed to add product',
    adminMade: 'Successfuly made an admin',
    adminFailed: 'Failed to make an admin',
  },
  payment: {
    success: 'Congrats! Your payment is completed.',
  },
  errors: {
    chunkLoad: (chunk: string | number) => `Loading chunk ${chunk} failed`,
    notFound: 'Not found',
    invalidRequest: 'Invalid request',
    internal: 'Something went wrong on our side. Please try again.',
    databaseUnavailable: 'The database is unavailable. Please try again shortly.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
  },
} as const;
