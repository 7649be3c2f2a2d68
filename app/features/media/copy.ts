export const IMAGE_COPY = {
  invalidImage: "Please select a valid image file",
} as const;
